import { AccountClient, ApiError } from '@app/sdk';
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

  beforeAll(async () => {
    if (backend === 's3') s3 = await S3Server.start();
    t = await TestApp.start({ env: s3?.env ?? {} });
    account = new AccountClient({ baseUrl: t.baseUrl });
    await account.login('sdk-media@example.com');
    await account.verify('sdk-media@example.com', otpFrom(await t.mail.waitFor('sdk-media@example.com')));
    const token = (await t.signIn('sdk-media@example.com')).access_token;
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
});
