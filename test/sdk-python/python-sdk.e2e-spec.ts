import { TestApp } from '@app/testing/test-app';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { expectSuccess, PYTHON, run, SDK_PYTHON } from './python';

/**
 * The Python SDK's own tests (libs/sdk-python/tests, the standard library's unittest), run against the
 * real server: this spec starts it on a fresh database, signs an account in through the real mail flow,
 * makes a store, an app and a public token, signs webhook deliveries with the `standardwebhooks`
 * package, and hands all of it to `python3 -m unittest` in the environment. It passes only when every
 * Python test ran and passed — none skipped — and shows Python's output when one did not.
 */

const TOKEN_TTL = 4;

/** Deliveries signed by the reference implementation, for the Python verifier to accept or refuse. */
function webhookVectors() {
  const key = randomBytes(32);
  const secret = `whsec_${key.toString('base64')}`;
  const other = `whsec_${randomBytes(32).toString('base64')}`;
  const event = {
    id: '0d9c8a52-7c39-4c55-9a0e-6f3b4a1f2e10',
    type: 'product.created',
    storeId: '5b1e8f6a-1111-4c55-9a0e-6f3b4a1f2e10',
    createdAt: '2026-11-24T01:02:03.456Z',
    actor: { type: 'app', id: 'a4f20000-0000-4000-8000-000000000000', name: 'ERP sync ☕' },
    data: { id: 'p1', title: 'Tea “Darjeeling” ☕', price: { amount: '4.50', currencyCode: 'EUR' } },
  };
  const body = JSON.stringify(event);
  const now = Date.now();
  const signed = (secrets: string[], at: number, id = event.id) => ({
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, new Date(at), body)).join(' '),
  });
  return {
    generatedAt: now / 1000,
    secret,
    other,
    // The same key without the prefix: the package accepts both spellings, and so must we.
    bareSecret: key.toString('base64'),
    event,
    body,
    cases: [
      { name: 'fresh, one signature', headers: signed([secret], now), secrets: [secret], accept: true },
      {
        name: 'two signatures (a rotation)',
        headers: signed([other, secret], now),
        secrets: [secret],
        accept: true,
      },
      { name: 'signed by the other secret', headers: signed([other], now), secrets: [secret], accept: false },
      {
        name: 'either secret of two given',
        headers: signed([other], now),
        secrets: [secret, other],
        accept: true,
      },
      {
        name: 'signed 1000 s ago',
        headers: signed([secret], now - 1_000_000),
        secrets: [secret],
        accept: false,
      },
      {
        name: '1000 s in the future',
        headers: signed([secret], now + 1_000_000),
        secrets: [secret],
        accept: false,
      },
      {
        name: '600 s ago, tolerance 900',
        headers: signed([secret], now - 600_000),
        secrets: [secret],
        tolerance: 900,
        accept: true,
      },
      {
        name: 'signed for another id',
        headers: { ...signed([secret], now), 'webhook-id': 'msg_other' },
        secrets: [secret],
        accept: false,
      },
    ],
  };
}

describe('Python SDK (libs/sdk-python) against the server', () => {
  let t: TestApp;
  let dir: string;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    t = await TestApp.start({
      env: {
        APP_TOKEN_TTL: String(TOKEN_TTL),
        WEBHOOK_ALLOW_LOCAL: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1',
        WEBHOOK_TIMEOUT: '5',
      },
    });
    const { access_token: token } = await t.signIn('python-sdk@example.com');
    const store = await t.post(
      '/v1/user/stores/onboarding/stage1',
      { name: 'Python shop', description: 'Tea' },
      { token },
    );
    expect(store.status).toBe(201);
    const app = await t.post(
      '/v1/user/stores/oauth/apps',
      { storeId: store.body.id, name: 'ERP sync' },
      { token },
    );
    expect(app.status).toBe(201);
    const pub = await t.post(`/v1/user/stores/${store.body.id}/public-tokens`, { name: 'Web' }, { token });
    expect(pub.status).toBe(201);
    dir = mkdtempSync(join(tmpdir(), 'sf-python-sdk-'));
    const vectors = join(dir, 'webhook-vectors.json');
    writeFileSync(vectors, JSON.stringify(webhookVectors()));
    Object.assign(env, {
      PYTHONPATH: join(SDK_PYTHON, 'src'),
      SF_BASE_URL: t.baseUrl,
      SF_ACCOUNT_TOKEN: token,
      SF_STORE_ID: store.body.id,
      SF_CLIENT_ID: app.body.clientId,
      SF_CLIENT_SECRET: app.body.clientSecret,
      SF_PUBLIC_TOKEN: pub.body.token,
      SF_APP_TOKEN_TTL: String(TOKEN_TTL),
      SF_WEBHOOK_VECTORS: vectors,
    });
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('python3 -m unittest: every test runs and passes', async () => {
    // SF_PYTHON_TESTS=<pattern> runs only the tests matching it (unittest -k), while working on them.
    const only = process.env.SF_PYTHON_TESTS ? ['-k', process.env.SF_PYTHON_TESTS] : [];
    const result = await run(PYTHON, ['-m', 'unittest', 'discover', '-s', 'tests', '-v', ...only], {
      cwd: SDK_PYTHON,
      env,
      timeoutMs: 280_000,
    });
    expectSuccess(result, `${PYTHON} -m unittest`);
    const ran = /^Ran (\d+) tests? in/m.exec(result.output);
    expect(ran).not.toBeNull();
    if (!only.length) expect(Number(ran![1])).toBeGreaterThanOrEqual(50);
    // A skipped test is a test that did not run: here, where the server is given, none may be.
    const verdict = /^(OK|FAILED)\b.*$/m.exec(result.output)?.[0];
    expect(verdict).toBe('OK');
  }, 300_000);
});
