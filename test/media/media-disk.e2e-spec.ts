import { ExpiredRowsPurge } from '@app/database';
import { addMember, createStore, image, postUploadForm, uploadMedia } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Media on the disk backend (§17): staged uploads posted to the service's own signed form, completion that
 * trusts nothing the client said, fixed renditions, served files, deletion and the background clean-up.
 */
describe('media on the disk backend', () => {
  let t: TestApp;
  let owner: string;
  let storeId: string;
  const base = () => `/v1/user/stores/${storeId}/media`;
  const stage = (body: Record<string, unknown>, token = owner) =>
    t.post(`${base()}/uploads`, body, { token });
  const complete = (id: string, token = owner) =>
    t.post(`${base()}/uploads/${id}/complete`, undefined, { token });
  const mediaDir = () => join(t.config.dataDir, 'media');

  beforeAll(async () => {
    // A small pixel limit so that a modest image can exceed it.
    t = await TestApp.start({ env: { MEDIA_MAX_PIXELS: '1000000', MEDIA_MAX_BYTES: '5000000' } });
    owner = (await t.signIn('media-owner@example.com')).access_token;
    storeId = await createStore(t, owner, 'Media Shop');
  });
  afterAll(() => t?.close());

  it('stages an upload: a signed form for the service itself, valid 10 minutes; refuses SVG and bad sizes', async () => {
    const staged = await stage({
      purpose: 'logo',
      filename: 'logo.png',
      contentType: 'image/png',
      size: 1234,
    });
    expect(staged.status).toBe(201);
    expect(staged.body.url).toBe(`${t.config.publicUrl}/v1/media/uploads/${staged.body.id}`);
    expect(Object.keys(staged.body.fields)).toEqual(['key', 'Content-Type', 'policy', 'x-signature']);
    expect(staged.body.fields.key).toBe(`${storeId}/${staged.body.id}/original.png`);
    expect(staged.body.url).not.toContain(staged.body.fields['x-signature']);
    const ttl = Date.parse(staged.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    const svg = await stage({ purpose: 'logo', filename: 'a.svg', contentType: 'image/svg+xml', size: 10 });
    expect(svg.status).toBe(400);
    expect(svg.body.code).toBe('validation_failed');
    expect(svg.body.errors.map((e: { field: string }) => e.field)).toEqual(['contentType']);
    const ico = await stage({ purpose: 'logo', filename: 'a.ico', contentType: 'image/x-icon', size: 10 });
    expect(ico.status).toBe(400);
    const big = await stage({ purpose: 'logo', filename: 'a.png', contentType: 'image/png', size: 5000001 });
    expect(big.status).toBe(400);
    expect(big.body.errors.map((e: { field: string }) => e.field)).toEqual(['size']);
    const zero = await stage({ purpose: 'logo', filename: 'a.png', contentType: 'image/png', size: 0 });
    expect(zero.status).toBe(400);
    const noName = await stage({ purpose: 'logo', filename: '', contentType: 'image/png', size: 10 });
    expect(noName.status).toBe(400);
    const purpose = await stage({ purpose: 'banner', filename: 'a.png', contentType: 'image/png', size: 10 });
    expect(purpose.status).toBe(400);
  });

  it('completes a JPEG: orientation applied, renditions in WebP without metadata, never enlarged; twice is 200', async () => {
    // 1000×400 stored, EXIF orientation 6 (a quarter turn): displayed 400×1000.
    const bytes = await image(1000, 400, 'jpeg', { orientation: 6 });
    const done = await uploadMedia(t, owner, storeId, bytes, {
      purpose: 'product_image',
      contentType: 'image/jpeg',
      filename: 'shirt.jpg',
    });
    expect(done.status).toBe(201);
    const media = done.body;
    expect(media).toMatchObject({
      storeId,
      purpose: 'product_image',
      contentType: 'image/jpeg',
      width: 400,
      height: 1000,
      bytes: bytes.length,
      filename: 'shirt.jpg',
    });
    const folder = `${t.config.media.publicUrl}/${storeId}/${media.id}/`;
    expect(media.url).toBe(`${folder}original.jpg`);
    expect(media.renditions).toEqual({
      small: `${folder}small.webp`,
      medium: `${folder}medium.webp`,
      large: `${folder}large.webp`,
    });

    const again = await complete(media.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(media);

    for (const [name, longer] of [
      ['small', 160],
      ['medium', 640],
      ['large', 1000], // never enlarged past the original's 1000
    ] as const) {
      const res = await fetch(media.renditions[name]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(longer);
      expect(meta.height!).toBeGreaterThan(meta.width!); // the orientation was applied
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    const original = await fetch(media.url);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);

    const got = await t.get(`${base()}/${media.id}`, { token: owner });
    expect(got.body).toEqual(media);
  });

  it('serves files immutable, with an ETag, nosniff, a sandbox CSP and byte ranges; unknown names are 404', async () => {
    const bytes = await image(300, 200, 'png');
    const { body: media } = await uploadMedia(t, owner, storeId, bytes, {
      purpose: 'logo',
      contentType: 'image/png',
    });
    const res = await fetch(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);

    // Served again, now from the copy kept in memory (served-objects.ts): the same bytes and length; HEAD too.
    const again = await fetch(media.url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(media.url, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);

    const notModified = await fetch(media.url, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const part = await fetch(media.url, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(8, 16))).toBe(true);
    const tail = await fetch(media.url, { headers: { range: 'bytes=-4' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 4))).toBe(true);
    const beyond = await fetch(media.url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);

    for (const url of [
      media.url.replace('original.png', 'huge.webp'),
      media.url.replace('original.png', '32.png'), // a favicon's name, not a logo's
      media.url.replace(media.id, '00000000-0000-4000-8000-000000000000'),
      `${t.baseUrl}/media/${storeId}/not-a-uuid/original.png`,
      `${t.baseUrl}/media/${storeId}/${media.id}/..%2F..%2Fsecret`,
    ]) {
      expect((await fetch(url)).status).toBe(404);
    }
  });

  it('makes favicons 32 and 180 px PNG squares, and reads an ICO by its embedded PNG', async () => {
    const png = await image(64, 48, 'png');
    // An ICO file: a 6-byte header, one 16-byte directory entry, then the PNG.
    const header = Buffer.alloc(22);
    header.writeUInt16LE(0, 0);
    header.writeUInt16LE(1, 2);
    header.writeUInt16LE(1, 4);
    header.writeUInt8(64, 6);
    header.writeUInt8(48, 7);
    header.writeUInt16LE(1, 10);
    header.writeUInt16LE(32, 12);
    header.writeUInt32LE(png.length, 14);
    header.writeUInt32LE(22, 18);
    const ico = Buffer.concat([header, png]);
    const done = await uploadMedia(t, owner, storeId, ico, {
      purpose: 'favicon',
      contentType: 'image/x-icon',
    });
    expect(done.status).toBe(201);
    expect(done.body.url).toMatch(/original\.ico$/);
    expect(Object.keys(done.body.renditions).sort()).toEqual(['180', '32']);
    for (const size of [32, 180]) {
      const res = await fetch(done.body.renditions[String(size)]);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
  });

  it('refuses a form outside its policy (403) or of another length (400), storing nothing', async () => {
    const bytes = await image(50, 50, 'png');
    const create = () =>
      stage({ purpose: 'logo', filename: 'x.png', contentType: 'image/png', size: bytes.length });
    const staged = (await create()).body;
    const forged = await postUploadForm(staged, bytes, 'image/png', { 'x-signature': 'f'.repeat(64) });
    expect(forged.status).toBe(403);
    const otherKey = await postUploadForm(staged, bytes, 'image/png', {
      key: `${storeId}/${staged.id}/x.png`,
    });
    expect(otherKey.status).toBe(403);
    const otherType = await postUploadForm(staged, bytes, 'image/png', { 'Content-Type': 'image/gif' });
    expect(otherType.status).toBe(403);
    // Another upload's policy and signature, posted to this upload's URL.
    const other = (await create()).body;
    const swapped = await postUploadForm({ url: staged.url, fields: other.fields }, bytes, 'image/png');
    expect(swapped.status).toBe(403);
    const longer = await postUploadForm(staged, Buffer.concat([bytes, Buffer.from('x')]), 'image/png');
    expect(longer.status).toBe(400);
    const shorter = await postUploadForm(staged, bytes.subarray(1), 'image/png');
    expect(shorter.status).toBe(400);
    expect(existsSync(join(mediaDir(), storeId, staged.id))).toBe(false);
    const notUploaded = await complete(staged.id);
    expect(notUploaded.status).toBe(422);
    expect(notUploaded.body).toMatchObject({ code: 'media_invalid', reason: 'not_uploaded' });

    expect((await postUploadForm(staged, bytes, 'image/png')).status).toBe(204);
    expect((await complete(staged.id)).status).toBe(201);

    const unknown = await postUploadForm(
      { url: `${t.baseUrl}/v1/media/uploads/00000000-0000-4000-8000-000000000000`, fields: staged.fields },
      bytes,
      'image/png',
    );
    expect(unknown.status).toBe(404);
    // The JSON API still refuses forms anywhere else.
    const form = new FormData();
    form.append('name', 'x');
    const elsewhere = await fetch(`${t.baseUrl}/v1/user/stores/onboarding/stage1`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(elsewhere.status).toBe(415);
  });

  it.each([
    ['type_mismatch', 'image/png', () => image(40, 40, 'jpeg')],
    [
      'not_an_image',
      'image/png',
      () => Promise.resolve(Buffer.from('definitely not an image, just some text')),
    ],
    [
      'not_an_image',
      'image/png',
      () =>
        Promise.resolve(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ),
    ],
    ['not_an_image', 'image/png', async () => (await image(400, 400, 'png')).subarray(0, 300)], // truncated
    ['too_many_pixels', 'image/png', () => image(1200, 1000, 'png')], // 1.2 MP > MEDIA_MAX_PIXELS
  ])('refuses at completion with reason %s and deletes the stored object', async (reason, declared, make) => {
    const bytes = await make();
    const staged = (
      await stage({ purpose: 'product_image', filename: 'f', contentType: declared, size: bytes.length })
    ).body;
    expect((await postUploadForm(staged, bytes, declared)).status).toBe(204);
    expect(existsSync(join(mediaDir(), staged.fields.key))).toBe(true);
    const refused = await complete(staged.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'media_invalid', reason });
    expect(existsSync(join(mediaDir(), storeId, staged.id))).toBe(false);
    expect((await complete(staged.id)).body.reason).toBe('not_uploaded');
  });

  it('lists newest first by purpose with a cursor; another store’s media and uploads are not found', async () => {
    const newest = await uploadMedia(t, owner, storeId, await image(20, 20), {
      purpose: 'product_image',
      contentType: 'image/png',
    });
    const listed = await t.get(`${base()}?purpose=product_image&first=1`, { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toEqual(newest.body);
    const next = await t.get(`${base()}?purpose=product_image&first=1&after=${listed.body.nextCursor}`, {
      token: owner,
    });
    expect(next.status).toBe(200);
    expect(next.body.items[0]?.id).not.toBe(listed.body.items[0].id);
    expect((await t.get(`${base()}?first=0`, { token: owner })).status).toBe(400);
    expect((await t.get(`${base()}?after=nonsense`, { token: owner })).status).toBe(400);

    const stranger = (await t.signIn('media-stranger@example.com')).access_token;
    const theirs = await createStore(t, stranger, 'Other Shop');
    const id = listed.body.items[0].id;
    expect((await t.get(`/v1/user/stores/${theirs}/media/${id}`, { token: stranger })).status).toBe(404);
    expect(
      (await t.post(`/v1/user/stores/${theirs}/media/uploads/${id}/complete`, undefined, { token: stranger }))
        .status,
    ).toBe(404);
    expect((await t.get(`${base()}/${id}`, { token: stranger })).status).toBe(404);
  });

  it('lets staff upload product images but not branding; a developer uploads nothing', async () => {
    const staff = { email: 'media-staff@example.com', token: '' };
    staff.token = (await t.signIn(staff.email)).access_token;
    await addMember(t, owner, storeId, staff, 'staff');
    const developer = { email: 'media-dev@example.com', token: '' };
    developer.token = (await t.signIn(developer.email)).access_token;
    await addMember(t, owner, storeId, developer, 'developer');
    const body = (purpose: string) => ({ purpose, filename: 'f.png', contentType: 'image/png', size: 10 });
    expect((await stage(body('product_image'), staff.token)).status).toBe(201);
    const logo = await stage(body('logo'), staff.token);
    expect(logo.status).toBe(403);
    expect(logo.body.code).toBe('insufficient_role');
    expect((await stage(body('favicon'), staff.token)).status).toBe(403);
    expect((await stage(body('product_image'), developer.token)).status).toBe(403);
    expect((await t.get(base(), { token: developer.token })).status).toBe(200);
  });

  it('deletes a media: its URLs are 404 at once, its files go in the next purge round; so do a deleted store’s', async () => {
    const { body: media } = await uploadMedia(t, owner, storeId, await image(30, 30), {
      purpose: 'logo',
      contentType: 'image/png',
    });
    expect((await fetch(media.renditions.small)).status).toBe(200);
    expect((await t.delete(`${base()}/${media.id}`, { token: owner })).status).toBe(204);
    expect((await fetch(media.renditions.small)).status).toBe(404);
    expect((await fetch(media.url)).status).toBe(404);
    expect((await t.get(`${base()}/${media.id}`, { token: owner })).status).toBe(404);
    expect((await t.delete(`${base()}/${media.id}`, { token: owner })).status).toBe(404);
    const folder = join(mediaDir(), storeId, media.id);
    expect(existsSync(folder)).toBe(true);
    const purge = t.app.get(ExpiredRowsPurge);
    const round = await purge.purgeOnce();
    expect(round.deleted.media_objects).toBeGreaterThanOrEqual(1);
    expect(existsSync(folder)).toBe(false);

    const doomed = await createStore(t, owner, 'Doomed Shop');
    const { body: kept } = await uploadMedia(t, owner, doomed, await image(30, 30), {
      purpose: 'product_image',
      contentType: 'image/png',
    });
    expect((await t.delete(`/v1/user/stores/${doomed}`, { token: owner })).status).toBe(204);
    expect((await fetch(kept.url)).status).toBe(404);
    await purge.purgeOnce();
    expect(existsSync(join(mediaDir(), doomed, kept.id))).toBe(false);
  });
});
