import { AccountClient, ApiError, AppClient, GraphQLError } from '@app/sdk';
import { createStore, image, otpFrom, S3Server } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/**
 * The SDK's `media.upload` (§9, §17): the three steps — stage, post the form straight to storage, complete —
 * in one call, on both backends; `list`, `get` and `delete`; a refused file is an ApiError with its reason.
 */
describe.each(['disk', 's3'] as const)('AccountClient.media on the %s backend', (backend) => {
  let s3: S3Server | null = null;
  let t: TestApp;
  let account: AccountClient;
  let storeId: string;
  let ownerToken: string;

  beforeAll(async () => {
    if (backend === 's3') s3 = await S3Server.start();
    t = await TestApp.start({ env: s3?.env ?? {} });
    account = new AccountClient({ baseUrl: t.baseUrl });
    await account.login('sdk-media@example.com');
    await account.verify('sdk-media@example.com', otpFrom(await t.mail.waitFor('sdk-media@example.com')));
    const token = (await t.signIn('sdk-media@example.com')).access_token;
    ownerToken = token;
    storeId = await createStore(t, token, 'SDK Media');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads a Buffer, a Uint8Array and a Blob, lists, gets and deletes', async () => {
    const bytes = await image(320, 200, 'png');
    const fromBuffer = await account.media.upload(storeId, bytes, {
      purpose: 'product_image',
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(fromBuffer).toMatchObject({
      purpose: 'product_image',
      width: 320,
      height: 200,
      bytes: bytes.length,
    });
    expect(Buffer.from(await (await fetch(fromBuffer.url)).arrayBuffer()).equals(bytes)).toBe(true);
    const fromArray = await account.media.upload(storeId, new Uint8Array(bytes), {
      purpose: 'logo',
      filename: 'b.png',
      contentType: 'image/png',
    });
    const fromBlob = await account.media.upload(storeId, new Blob([new Uint8Array(bytes)]), {
      purpose: 'favicon',
      filename: 'c.png',
      contentType: 'image/png',
    });
    expect(Object.keys(fromBlob.renditions).sort()).toEqual(['180', '32']);

    const page = await account.media.list(storeId, { first: 2 });
    expect(page.items.map((m) => m.id)).toEqual([fromBlob.id, fromArray.id]);
    expect((await account.media.list(storeId, { purpose: 'logo' })).items.map((m) => m.id)).toEqual([
      fromArray.id,
    ]);
    expect((await account.media.get(storeId, fromBuffer.id)).url).toBe(fromBuffer.url);
    await account.media.delete(storeId, fromBuffer.id);
    expect((await fetch(fromBuffer.url)).status).toBe(404);
  });

  it('a refused file is an ApiError media_invalid with its reason', async () => {
    const error = await account.media
      .upload(storeId, await image(30, 30, 'jpeg'), {
        purpose: 'logo',
        filename: 'x.png',
        contentType: 'image/png',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('media_invalid');
    expect((error as ApiError).problem.reason).toBe('type_mismatch');
  });

  it('products.images add, update and remove for members (REST) and apps (GraphQL, after AppClient.media.upload)', async () => {
    const product = await account.products.create(storeId, {
      handle: 'sdk-pictured',
      title: 'Pictured',
      price: '3.00',
      currencyCode: 'INR',
      inventory: 1,
    });
    expect(product.images).toEqual([]);
    const media = await account.media.upload(storeId, await image(200, 100), {
      purpose: 'product_image',
      filename: 'p.png',
      contentType: 'image/png',
    });
    const added = await account.products.images.add(storeId, product.id, {
      mediaId: media.id,
      altText: 'Side',
    });
    expect(added.images).toEqual([
      { id: expect.any(String), url: media.renditions.medium, altText: 'Side', width: 200, height: 100 },
    ]);
    const again = await account.products.images.add(storeId, product.id, { mediaId: media.id });
    const moved = await account.products.images.update(storeId, product.id, again.images[1].id, {
      position: 0,
      altText: 'Top',
    });
    expect(moved.images.map((i) => [i.id, i.altText])).toEqual([
      [again.images[1].id, 'Top'],
      [again.images[0].id, 'Side'],
    ]);
    const removed = await account.products.images.remove(storeId, product.id, again.images[1].id);
    expect(removed.images.map((i) => i.id)).toEqual([again.images[0].id]);

    const made = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId, name: 'Image sync' },
      { token: ownerToken },
    );
    const app = new AppClient({
      baseUrl: t.baseUrl,
      clientId: made.body.clientId,
      clientSecret: made.body.clientSecret,
    });
    const appMedia = await app.media.upload(new Uint8Array(await image(90, 60)), {
      filename: 'app.png',
      contentType: 'image/png',
    });
    expect(appMedia).toMatchObject({ purpose: 'product_image', width: 90, height: 60 });
    expect((await fetch(appMedia.url)).status).toBe(200);
    const withApp = await app.products.images.add(product.id, [
      { mediaId: appMedia.id, altText: 'From the app' },
    ]);
    expect(withApp.images.map((i) => i.altText)).toEqual(['Side', 'From the app']);
    expect(withApp.featuredImage?.id).toBe(withApp.images[0].id);
    const appMoved = await app.products.images.update(product.id, withApp.images[1].id, { position: 0 });
    expect(appMoved.featuredImage?.altText).toBe('From the app');
    const appRemoved = await app.products.images.remove(product.id, withApp.images[1].id);
    expect(appRemoved.images).toHaveLength(1);
    const refused = await app.media
      .upload(new Uint8Array(Buffer.from('no image')), { filename: 'x.png', contentType: 'image/png' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GraphQLError);
    expect((refused as GraphQLError).errors[0].extensions?.reason).toBe('not_an_image');
  });
});
