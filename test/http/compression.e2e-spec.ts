import { createStore, rawRequest } from '@app/testing';
import { ensureConsoleBuilt } from '@app/testing/console-build';
import { TestApp } from '@app/testing/test-app';

/**
 * Compression of every answer of at least 1 KiB (contract v1.3 §15) — REST, problem+json, the OpenAPI
 * document, the console's files — read with node:http (nothing decompressed for us), then decompressed
 * with zlib and compared to the identity answer.
 */
describe('response compression', () => {
  let t: TestApp;
  let owner: string;
  let storeId: string;

  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await TestApp.start();
    owner = (await t.signIn('compress@example.com')).access_token;
    storeId = await createStore(t, owner, 'Compressed store', 'x'.repeat(1500));
  }, 180_000);
  afterAll(() => t?.close());

  const fetchAll = async (path: string, headers: Record<string, string> = {}) => ({
    identity: await rawRequest(t.baseUrl, 'GET', path, { ...headers, 'accept-encoding': 'identity' }),
    br: await rawRequest(t.baseUrl, 'GET', path, { ...headers, 'accept-encoding': 'gzip, deflate, br' }),
    gzip: await rawRequest(t.baseUrl, 'GET', path, { ...headers, 'accept-encoding': 'gzip' }),
    none: await rawRequest(t.baseUrl, 'GET', path, headers),
  });

  const expectCompressed = async (path: string, headers: Record<string, string> = {}) => {
    const { identity, br, gzip, none } = await fetchAll(path, headers);
    expect([path, identity.status]).toEqual([path, 200]);
    expect(identity.raw.length).toBeGreaterThanOrEqual(1024);
    expect([identity.headers['content-encoding'], none.headers['content-encoding']]).toEqual([
      undefined,
      undefined,
    ]);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    for (const res of [br, gzip]) {
      expect(res.text).toBe(identity.text);
      expect(res.raw.length).toBeLessThan(identity.raw.length);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['content-type']).toBe(identity.headers['content-type']);
    }
    return identity;
  };

  it('compresses REST answers of 1 KiB or more (JSON and the OpenAPI document), keeping no-store', async () => {
    const store = await expectCompressed(`/v1/user/stores/${storeId}`, { authorization: `Bearer ${owner}` });
    expect(JSON.parse(store.text).description).toHaveLength(1500);
    expect(store.headers['cache-control']).toBe('no-store');
    await expectCompressed('/docs/openapi.json');
  });

  it('leaves answers under 1 KiB as they are, problem+json errors included', async () => {
    for (const path of ['/health/live', '/v1/nope', `/v1/user/stores/${storeId}`]) {
      const res = await rawRequest(t.baseUrl, 'GET', path, { 'accept-encoding': 'br, gzip' });
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
      expect(res.raw.length).toBeLessThan(1024);
    }
  });

  it("compresses the console's script and style files", async () => {
    const page = await rawRequest(t.baseUrl, 'GET', '/console', { 'accept-encoding': 'identity' });
    expect(page.status).toBe(200);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)![1];
    const style = /href="(\/console\/assets\/[^"]+\.css)"/.exec(page.text)![1];
    const js = await expectCompressed(script);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await expectCompressed(style);
  });
});
