import { ExpiredRowsPurge } from '@app/database';
import { createStore, image, postUploadForm, S3Server, uploadMedia } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import sharp from 'sharp';

/**
 * Media on the `s3` backend (§17), against a real S3-protocol server started here (s3rver): the form goes
 * straight to the bucket with a presigned POST policy, the service never sees upload bytes, and completion
 * re-checks everything (s3rver enforces no policy condition, so what it lets through must be refused here).
 */
describe('media on the s3 backend', () => {
  let s3: S3Server;
  let t: TestApp;
  let owner: string;
  let storeId: string;
  const base = () => `/v1/user/stores/${storeId}/media`;

  beforeAll(async () => {
    s3 = await S3Server.start();
    t = await TestApp.start({ env: s3.env });
    owner = (await t.signIn('s3-owner@example.com')).access_token;
    storeId = await createStore(t, owner, 'Bucket Shop');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('hands out a presigned POST for the bucket pinning key, type and exact length for 10 minutes', async () => {
    const staged = await t.post(
      `${base()}/uploads`,
      { purpose: 'product_image', filename: 'a.png', contentType: 'image/png', size: 4321 },
      { token: owner },
    );
    expect(staged.status).toBe(201);
    expect(staged.body.url).toBe(`${s3.endpoint}/${s3.bucket}`);
    const fields = staged.body.fields as Record<string, string>;
    expect(fields.key).toBe(`${storeId}/${staged.body.id}/original.png`);
    expect(fields['Content-Type']).toBe('image/png');
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    const policy = JSON.parse(Buffer.from(fields.Policy, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        { bucket: s3.bucket },
        { key: fields.key },
        { 'Content-Type': 'image/png' },
        ['content-length-range', 4321, 4321],
      ]),
    );
    const ttl = Date.parse(policy.expiration) - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect(Math.abs(Date.parse(staged.body.expiresAt) - Date.parse(policy.expiration))).toBeLessThan(2000);
  });

  it('completes an upload posted to the bucket: renditions written there, bytes read back equal, served by the service', async () => {
    const bytes = await image(900, 600, 'jpeg');
    const done = await uploadMedia(t, owner, storeId, bytes, {
      purpose: 'product_image',
      contentType: 'image/jpeg',
    });
    expect(done.status).toBe(201);
    const media = done.body;
    expect([media.width, media.height, media.bytes]).toEqual([900, 600, bytes.length]);
    const stored = await s3.object(`${storeId}/${media.id}/original.jpg`);
    expect(stored?.equals(bytes)).toBe(true);
    expect((await s3.keys(`${storeId}/${media.id}/`)).sort()).toEqual(
      ['large.webp', 'medium.webp', 'original.jpg', 'small.webp'].map((n) => `${storeId}/${media.id}/${n}`),
    );
    const medium = await s3.object(`${storeId}/${media.id}/medium.webp`);
    const meta = await sharp(medium!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 427]);

    // Served by the service in front of the bucket (MEDIA_PUBLIC_URL defaults to PUBLIC_URL/media).
    const res = await fetch(media.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(media.renditions.small, { headers: { range: 'bytes=0-11' } });
    expect(part.status).toBe(206);
    expect(
      Buffer.from(await part.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe('WEBP');

    expect((await t.post(`${base()}/uploads/${media.id}/complete`, undefined, { token: owner })).status).toBe(
      200,
    );
  });

  it('refuses at completion what the bucket let through — another length, another type — and deletes it', async () => {
    const bytes = await image(50, 50, 'png');
    const make = (size: number) =>
      t.post(
        `${base()}/uploads`,
        { purpose: 'product_image', filename: 'x.png', contentType: 'image/png', size },
        { token: owner },
      );
    const longer = (await make(bytes.length - 10)).body;
    expect((await postUploadForm(longer, bytes, 'image/png')).status).toBeLessThan(300); // s3rver keeps it
    const refused = await t.post(`${base()}/uploads/${longer.id}/complete`, undefined, { token: owner });
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('size_mismatch');
    expect(await s3.keys(`${storeId}/${longer.id}/`)).toEqual([]);

    const jpeg = await image(50, 50, 'jpeg');
    const other = (await make(jpeg.length)).body;
    expect((await postUploadForm(other, jpeg, 'image/png')).status).toBeLessThan(300);
    const mismatch = await t.post(`${base()}/uploads/${other.id}/complete`, undefined, { token: owner });
    expect(mismatch.body).toMatchObject({ code: 'media_invalid', reason: 'type_mismatch' });
    expect(await s3.keys(`${storeId}/${other.id}/`)).toEqual([]);

    const never = (await make(100)).body;
    const missing = await t.post(`${base()}/uploads/${never.id}/complete`, undefined, { token: owner });
    expect(missing.body.reason).toBe('not_uploaded');
  });

  it('a deleted media is 404 at once; the purge removes its objects from the bucket', async () => {
    const { body: media } = await uploadMedia(t, owner, storeId, await image(40, 40), {
      purpose: 'logo',
      contentType: 'image/png',
    });
    expect((await s3.keys(`${storeId}/${media.id}/`)).length).toBe(4);
    expect((await t.delete(`${base()}/${media.id}`, { token: owner })).status).toBe(204);
    expect((await fetch(media.url)).status).toBe(404);
    await t.app.get(ExpiredRowsPurge).purgeOnce();
    expect(await s3.keys(`${storeId}/${media.id}/`)).toEqual([]);
  });
});
