import { TestApp, TestResponse } from '@app/testing/test-app';

// Form-encoded bodies and HTTP Basic credentials follow the same Unicode rules as JSON bodies: a NUL
// (PostgreSQL text cannot hold one) or a lone UTF-16 surrogate is 400 invalid_request in the RFC 6749
// §5.2 form at every OAuth endpoint — never a 500 — whichever way the client sends it.

const FORM = 'application/x-www-form-urlencoded';
const ENDPOINTS = ['/v1/auth/oauth/token', '/v1/auth/oauth/revoke', '/v1/auth/oauth/introspect'];

/** Basic credentials exactly as given (already form-urlencoded, or not), base64'd. */
const basicRaw = (user: string, pass: string) =>
  'Basic ' + Buffer.from(`${user}:${pass}`, 'utf8').toString('base64');

function expectInvalidRequest(res: TestResponse, label: string): void {
  expect({ label, status: res.status, error: res.body?.error }).toEqual({
    label,
    status: 400,
    error: 'invalid_request',
  });
  expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description']);
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('OAuth endpoints refuse NUL and lone surrogates with invalid_request', () => {
  let t: TestApp;
  const logged: string[] = [];
  let clientId: string;
  let clientSecret: string;

  const form = (path: string, raw: string, headers: Record<string, string> = {}) =>
    t.post(path, undefined, { rawBody: raw, headers: { 'content-type': FORM, ...headers } });
  // Every endpoint's own required parameters, so the bad one is the only thing wrong.
  const base = (path: string) => (path.endsWith('/token') ? 'grant_type=client_credentials' : 'token=abc');

  beforeAll(async () => {
    t = await TestApp.start({
      env: { LOG_LEVEL: 'warn' },
      logDestination: { write: (line) => logged.push(line) },
    });
    const owner = (await t.signIn('bad-input@example.com')).access_token;
    const store = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name: 'Bad input', description: 'x' },
      { token: owner },
    );
    expect(store.status).toBe(201);
    const created = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store.body.id, name: 'Client' },
      { token: owner },
    );
    expect(created.status).toBe(201);
    ({ clientId, clientSecret } = created.body);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    // No 500 was hidden behind a 4xx by a later step, and nothing crashed in the log.
    const crashes = logged.filter((line) => /unhandled error|"level":"?(50|error)/.test(line));
    logged.length = 0;
    expect(crashes).toEqual([]);
  });

  it('a NUL in a form parameter (client_id, client_secret, token, scope, an unknown one)', async () => {
    for (const path of ENDPOINTS) {
      const secret = `client_secret=${encodeURIComponent(clientSecret)}`;
      const cases = [
        `${base(path)}&client_id=%00&${secret}`,
        `${base(path)}&client_id=sfc_%00x&${secret}`,
        `${base(path)}&client_id=${clientId}&client_secret=sfs_%00`,
        `${base(path)}&client_id=${clientId}&${secret}&scope=store%3Aread%00`,
        `${base(path)}&client_id=${clientId}&${secret}&extra=%00`,
        // The token itself (for /token an unknown parameter; elsewhere the one token sent).
        `${path.endsWith('/token') ? 'grant_type=client_credentials&' : ''}client_id=${clientId}&${secret}&token=%00`,
      ];
      for (const raw of cases) expectInvalidRequest(await form(path, raw), `${path} ${raw}`);
    }
  });

  it('a NUL in a form parameter alongside HTTP Basic', async () => {
    for (const path of ENDPOINTS) {
      const auth = { authorization: basicRaw(clientId, encodeURIComponent(clientSecret)) };
      expectInvalidRequest(await form(path, `${base(path)}&client_id=%00`, auth), path);
      expectInvalidRequest(await form(path, `${base(path)}&scope=%00`, auth), path);
    }
  });

  it('a NUL in the decoded HTTP Basic credentials (raw or percent-encoded), id or secret', async () => {
    for (const path of ENDPOINTS) {
      const headers = [
        basicRaw('%00', 'x'),
        basicRaw(`${clientId}%00`, encodeURIComponent(clientSecret)),
        basicRaw(clientId, `${encodeURIComponent(clientSecret)}%00`),
        basicRaw('\0', 'x'),
        basicRaw(clientId, '\0'),
      ];
      for (const authorization of headers) {
        expectInvalidRequest(await form(path, base(path), { authorization }), `${path} ${authorization}`);
      }
    }
  });

  it('NULs and lone surrogates in JSON bodies', async () => {
    for (const path of ENDPOINTS) {
      const extra = path.endsWith('/token') ? { grant_type: 'client_credentials' } : { token: 'abc' };
      const bodies = [
        { ...extra, client_id: '\u0000', client_secret: clientSecret },
        { ...extra, client_id: clientId, client_secret: 'sfs_\ud800' },
        { ...extra, client_id: '\udc00x', client_secret: clientSecret },
        { ...extra, client_id: clientId, client_secret: clientSecret, token: '\ud800' },
      ];
      for (const body of bodies)
        expectInvalidRequest(await t.post(path, body), `${path} ${JSON.stringify(body)}`);
    }
  });

  it('a percent-encoded lone surrogate decodes to U+FFFD: an unknown client (401), never a 500', async () => {
    // %ED%A0%80 is the UTF-8-style encoding of U+D800, which is not valid UTF-8: the form decoder
    // replaces it with U+FFFD, a well-formed character, so the id is merely unknown.
    for (const path of ENDPOINTS) {
      const res = await form(
        path,
        `${base(path)}&client_id=sfc_%ED%A0%80&client_secret=${encodeURIComponent(clientSecret)}`,
      );
      expect({ path, status: res.status, error: res.body?.error }).toEqual({
        path,
        status: 401,
        error: 'invalid_client',
      });
      // In Basic it is malformed percent-encoding: client authentication fails.
      const basic = await form(path, base(path), { authorization: basicRaw('sfc_%ED%A0%80', 'x') });
      expect({ path, status: basic.status, error: basic.body?.error }).toEqual({
        path,
        status: 401,
        error: 'invalid_client',
      });
      expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    }
  });

  it('the same client still authenticates with good input (the checks refuse only bad text)', async () => {
    const res = await form(
      '/v1/auth/oauth/token',
      `grant_type=client_credentials&client_id=${clientId}&client_secret=${encodeURIComponent(clientSecret)}`,
    );
    expect(res.status).toBe(200);
    const basic = await form('/v1/auth/oauth/token', 'grant_type=client_credentials', {
      authorization: basicRaw(clientId, encodeURIComponent(clientSecret)),
    });
    expect(basic.status).toBe(200);
  });
});
