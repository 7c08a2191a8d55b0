import {
  createTestDatabase,
  freePort,
  MailCatcher,
  otpFrom,
  PgBouncer,
  requireServer,
  spawnEntry,
  StorefrontClient,
  waitReady,
  WebhookReceiver,
  webhookReceivers,
} from '@app/testing';
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { TestApp } from '@app/testing/test-app';

// Webhook delivery where it is hard: no connection to local addresses without WEBHOOK_ALLOW_LOCAL, the
// embedded database (one session), two instances on one database (each attempt made once), and a
// server killed (SIGKILL) while an attempt is in flight (made again after a restart).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ALLOW_LOCAL = { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1', WEBHOOK_TIMEOUT: '2' };

/** One deployment's settings: the same keys and issuer on every instance, so a token works on each. */
function oneDeployment() {
  return {
    ...ALLOW_LOCAL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    OTP_PEPPER: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://storefront.test',
  };
}

/** A store with one endpoint for every event type, on the given app; the endpoint's secret. */
async function storeWithHook(t: TestApp, email: string, url: string) {
  const sf = new StorefrontClient(t);
  const token = await sf.account(email);
  const storeId = await sf.store(token, 'Delivered');
  const hook = await t.post(`/v1/user/stores/${storeId}/webhooks`, { url, events: ['*'] }, { token });
  if (hook.status !== 201) throw new Error(`webhook creation failed: ${hook.status} ${hook.text}`);
  return { token, storeId, hookId: hook.body.id as string, secret: hook.body.secret as string };
}

describe('webhook delivery', () => {
  const receiver = webhookReceivers();

  it('without WEBHOOK_ALLOW_LOCAL: http:// and local IPs are refused, a name resolving to loopback fails as blocked_address with no connection', async () => {
    let connections = 0;
    const listener: Server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
    const port = (listener.address() as AddressInfo).port;
    const metricsPort = await freePort();
    const t = await TestApp.start({
      env: { WEBHOOK_RETRY_SCHEDULE: '1', WEBHOOK_TIMEOUT: '2', METRICS_PORT: String(metricsPort) },
    });
    try {
      const sf = new StorefrontClient(t);
      const token = await sf.account('ssrf@example.com');
      const storeId = await sf.store(token, 'SSRF');
      const hooks = `/v1/user/stores/${storeId}/webhooks`;
      for (const url of [
        `http://example.com/hook`,
        `https://127.0.0.1:${port}/hook`,
        `https://[::1]:${port}/hook`,
        'https://169.254.169.254/latest/meta-data',
        'https://10.0.0.1/hook',
        'https://[::ffff:192.168.0.1]/hook',
        // IPv6: only global unicast, and any IPv4 address inside is judged as IPv4.
        'https://[::127.0.0.1]/hook',
        'https://[2002:7f00::1]/hook',
        'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
        'https://[64:ff9b::a9fe:a9fe]/hook',
        'https://[fec0::1]/hook',
        'https://[2001:db8::1]/hook',
      ]) {
        const res = await t.post(hooks, { url, events: ['*'] }, { token });
        expect([url, res.status, res.body.errors?.[0]?.field]).toEqual([url, 400, 'url']);
      }
      // A name is checked when it is used: `localhost` resolves to loopback, so the attempt is refused.
      const hook = await t.post(hooks, { url: `https://localhost:${port}/hook`, events: ['*'] }, { token });
      expect(hook.status).toBe(201);
      expect((await t.put(`/v1/user/stores/${storeId}`, { description: 'ssrf' }, { token })).status).toBe(
        200,
      );
      const deadline = Date.now() + 10_000;
      let delivery: any;
      for (;;) {
        delivery = (await t.get(`${hooks}/${hook.body.id}/deliveries`, { token })).body.data[0];
        if (delivery?.status === 'failed' || Date.now() > deadline) break;
        await sleep(200);
      }
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toEqual([
        {
          at: expect.any(String),
          statusCode: null,
          error: 'blocked_address',
          durationMs: expect.any(Number),
        },
        {
          at: expect.any(String),
          statusCode: null,
          error: 'blocked_address',
          durationMs: expect.any(Number),
        },
      ]);
      expect(connections).toBe(0);
      // Each refused attempt is counted by its result; a customer's endpoint is not a dependency outage.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^webhook_deliveries_total\{result="blocked_address"\} 2$/m);
      expect(metrics).toMatch(/^dependency_errors_total\{dependency="webhook"\} 0$/m);
    } finally {
      await t.close();
      listener.close();
    }
  });

  it('delivers on the embedded database (PGlite, one session)', async () => {
    const r = await receiver();
    const t = await TestApp.start({ embedded: true, env: ALLOW_LOCAL });
    try {
      const { token, storeId, secret } = await storeWithHook(t, 'embedded-hooks@example.com', r.url());
      const started = Date.now();
      expect((await t.put(`/v1/user/stores/${storeId}`, { description: 'embedded' }, { token })).status).toBe(
        200,
      );
      await r.waitFor((got) => got.length === 1);
      // Woken by its own commit, not by the 1 s poll.
      expect(r.received[0].at - started).toBeLessThan(900);
      const [request] = r.received;
      const event = new Webhook(secret).verify(request.body, {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      }) as { type: string; data: { description: string } };
      expect(event.type).toBe('store.updated');
      expect(event.data.description).toBe('embedded');
      // A retry comes due by this process's own timer (the embedded database is not polled every second).
      r.answer = (_req, i) => ({ status: i === 1 ? 500 : 200 });
      expect((await t.put(`/v1/user/stores/${storeId}`, { description: 'retried' }, { token })).status).toBe(
        200,
      );
      await r.waitFor((got) => got.length === 3, 5000);
      expect(r.received[2].headers['webhook-id']).toBe(r.received[1].headers['webhook-id']);
      expect(r.received[2].at - r.received[1].at).toBeLessThan(2500);
    } finally {
      await t.close();
    }
  }, 120_000); // PGlite's start is slow on a busy machine

  /**
   * These need a PostgreSQL server, as CI has: the embedded database is one process. Without one they
   * are skipped (requireServer prints why): `test` is `it` here, or `it.skip`.
   */
  const server = requireServer(
    'the PgBouncer and multi-instance cases of test/webhooks/delivery.e2e-spec.ts',
  );
  const test = server ? it : it.skip;
  const needServer = () => server!;

  test('through PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=false): queued and delivered', async () => {
    const base = needServer();
    const r = await receiver();
    const db = await createTestDatabase(base);
    const bouncer = await new PgBouncer({ serverUrl: base, poolMode: 'transaction', poolSize: 2 }).start();
    const t = await TestApp.start({
      databaseUrl: bouncer.url(new URL(db.url).pathname.slice(1)),
      env: { ...ALLOW_LOCAL, DATABASE_PREPARED_STATEMENTS: 'false' },
    });
    try {
      const { token, storeId } = await storeWithHook(t, 'pooled-hooks@example.com', r.url());
      for (let i = 0; i < 5; i++)
        expect(
          (await t.put(`/v1/user/stores/${storeId}`, { description: `pooled ${i}` }, { token })).status,
        ).toBe(200);
      await r.waitFor((got) => got.length === 5);
      expect(new Set(r.received.map((g) => g.headers['webhook-id'])).size).toBe(5);
    } finally {
      await t.close();
      await bouncer.stop();
      await db.drop();
    }
  });

  test('a secret sealed under another OTP_PEPPER fails its delivery with one error line, and a rotation mends it', async () => {
    const r = await receiver();
    const db = await createTestDatabase(needServer());
    const lines: string[] = [];
    const keys = {
      ...ALLOW_LOCAL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://storefront.test',
    };
    const before = await TestApp.start({
      databaseUrl: db.url,
      env: { ...keys, OTP_PEPPER: randomBytes(32).toString('hex') },
    });
    const { token, storeId, hookId } = await storeWithHook(before, 'pepper@example.com', r.url());
    await before.close();
    const after = await TestApp.start({
      databaseUrl: db.url,
      env: { ...keys, OTP_PEPPER: randomBytes(32).toString('hex'), LOG_LEVEL: 'error' },
      logDestination: { write: (line) => lines.push(line) },
    });
    try {
      expect(
        (await after.put(`/v1/user/stores/${storeId}`, { description: 'new pepper' }, { token })).status,
      ).toBe(200);
      const list = () => after.get(`/v1/user/stores/${storeId}/webhooks/${hookId}/deliveries`, { token });
      for (let i = 0; i < 50 && (await list()).body.data[0]?.status !== 'failed'; i++) await sleep(100);
      expect((await list()).body.data[0]).toMatchObject({ status: 'failed', attempts: [] });
      expect(r.received).toHaveLength(0);
      expect(lines.filter((l) => l.includes('webhook signing secret unreadable'))).toHaveLength(1);
      const rotated = await after.post(
        `/v1/user/stores/${storeId}/webhooks/${hookId}/rotate-secret`,
        undefined,
        {
          token,
        },
      );
      await after.put(`/v1/user/stores/${storeId}`, { description: 'rotated' }, { token });
      await r.waitFor((got) => got.length === 1);
      // Only the new secret signs: the old one cannot be read any more.
      expect(String(r.received[0].headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(
        new Webhook(rotated.body.secret).verify(r.received[0].body, {
          'webhook-id': String(r.received[0].headers['webhook-id']),
          'webhook-timestamp': String(r.received[0].headers['webhook-timestamp']),
          'webhook-signature': String(r.received[0].headers['webhook-signature']),
        }),
      ).toMatchObject({ type: 'store.updated' });
    } finally {
      await after.close();
      await db.drop();
    }
  });

  test('two instances on one database: every attempt is made by one of them, none twice', async () => {
    const r = await receiver();
    const db = await createTestDatabase(needServer());
    const shared = oneDeployment();
    // The second instance is a process of its own, as in a deployment: the two share nothing in memory
    // (no module state such as the sender's keep-alive pools), only the database.
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = startServer({ ...shared, DATABASE_URL: db.url, PORT: String(port), SHUTDOWN_DELAY: '0' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const putOnB = async (path: string, body: unknown, token: string) => {
      const res = await fetch(base + path, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: res.status };
    };
    let a: TestApp | undefined;
    try {
      a = await TestApp.start({ databaseUrl: db.url, env: shared });
      await waitReady(base);
      const { token, storeId } = await storeWithHook(a, 'two-instances@example.com', r.url());
      // Changes through both instances, at once: each instance's loop and the other's poll race for the jobs.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const path = `/v1/user/stores/${storeId}`;
          const body = { description: `change ${i}` };
          return i % 2 ? a!.put(path, body, { token }) : putOnB(path, body, token);
        }),
      );
      expect(answers.map((x) => x.status)).toEqual(Array(40).fill(200));
      await r.waitFor((got) => new Set(got.map((g) => g.headers['webhook-id'])).size === 40, 15_000);
      await sleep(2500);
      const ids = r.received.map((g) => g.headers['webhook-id']);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
    } finally {
      child.kill('SIGKILL');
      await exited;
      await a?.close();
      await db.drop();
    }
  }, 120_000);

  test('WEBHOOK_DELIVERY=false: the instance queues attempts with its changes and makes none; an instance that delivers makes them, each once', async () => {
    const r = await receiver();
    const db = await createTestDatabase(needServer());
    const shared = oneDeployment();
    let api: TestApp | undefined;
    let worker: ChildProcess | undefined;
    let exited: Promise<unknown> | undefined;
    try {
      api = await TestApp.start({ databaseUrl: db.url, env: { ...shared, WEBHOOK_DELIVERY: 'false' } });
      const { token, storeId, hookId } = await storeWithHook(api, 'queue-only@example.com', r.url());
      for (let i = 0; i < 3; i++) {
        const res = await api.put(`/v1/user/stores/${storeId}`, { description: `queued ${i}` }, { token });
        expect(res.status).toBe(200);
      }
      // The owner's test event is queued the same way (a manual attempt).
      const test = await api.post(`/v1/user/stores/${storeId}/webhooks/${hookId}/test`, undefined, { token });
      expect(test.status).toBe(202);
      // Past the instance's 1 s poll and its own commit wake-ups: nothing was sent, all four are pending.
      await sleep(2500);
      expect(r.received).toHaveLength(0);
      const pending = await api.get(`/v1/user/stores/${storeId}/webhooks/${hookId}/deliveries`, { token });
      expect(pending.body.data.map((d: { status: string }) => d.status)).toEqual(Array(4).fill('pending'));

      // A delivering instance on the same database (a process of its own) makes the four attempts.
      const port = await freePort();
      worker = startServer({ ...shared, DATABASE_URL: db.url, PORT: String(port), SHUTDOWN_DELAY: '0' });
      exited = new Promise((resolve) => worker!.once('exit', resolve));
      await waitReady(`http://127.0.0.1:${port}`);
      await r.waitFor((got) => got.length >= 4, 15_000);
      await sleep(1500);
      const ids = r.received.map((g) => g.headers['webhook-id']);
      expect(ids).toHaveLength(4);
      expect(new Set(ids).size).toBe(4);
      const types = r.received.map((g) => JSON.parse(g.body).type).sort();
      expect(types).toEqual(['store.updated', 'store.updated', 'store.updated', 'webhook.test']);
    } finally {
      worker?.kill('SIGKILL');
      await exited;
      await api?.close();
      await db.drop();
    }
  }, 120_000);
});

/** The real entry point as a child process, its output dropped. */
function startServer(env: Record<string, string>): ChildProcess {
  return spawnEntry('apps/api/src/main.ts', { LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env }, 'ignore');
}

describe('webhook delivery across a crash', () => {
  const server = requireServer('test/webhooks/delivery.e2e-spec.ts (a crash across two processes)');
  const withServer = server ? it : it.skip;

  withServer(
    'an attempt cut off by SIGKILL is made again after a restart, when its lease passes, with the same webhook-id',
    async () => {
      const r = await new WebhookReceiver().start();
      const mail = await new MailCatcher().start();
      const db = await createTestDatabase(server!);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = {
        DATABASE_URL: db.url,
        PORT: String(port),
        JWT_SECRET: randomBytes(32).toString('hex'),
        OTP_PEPPER: randomBytes(32).toString('hex'),
        SMTP_URL: mail.url,
        OTP_RESEND_AFTER: '0',
        WEBHOOK_ALLOW_LOCAL: 'true',
        WEBHOOK_TIMEOUT: '3',
        SHUTDOWN_DELAY: '0',
      };
      let child = startServer(env);
      try {
        await waitReady(base);
        const call = async (method: string, path: string, body?: unknown, token?: string) => {
          const res = await fetch(base + path, {
            method,
            headers: {
              ...(body ? { 'content-type': 'application/json' } : {}),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          return { status: res.status, body: (await res.json().catch(() => null)) as any };
        };
        const email = 'crash@example.com';
        expect((await call('POST', '/v1/auth/login', { email })).status).toBe(202);
        const otp = otpFrom(await mail.waitFor(email));
        const token = (await call('POST', '/v1/auth/login/verify', { email, otp })).body.access_token;
        const storeId = (
          await call('POST', '/v1/user/stores/onboarding/stage1', { name: 'Crash', description: 'x' }, token)
        ).body.id;
        const hook = await call(
          'POST',
          `/v1/user/stores/${storeId}/webhooks`,
          { url: r.url(), events: ['store.updated'] },
          token,
        );
        expect(hook.status).toBe(201);

        // The first attempt reaches the receiver, which never answers; the server dies under it.
        r.answer = () => ({ status: 200, hang: true });
        expect(
          (await call('PUT', `/v1/user/stores/${storeId}`, { description: 'crash' }, token)).status,
        ).toBe(200);
        await r.waitFor((got) => got.length === 1);
        const cutOff = Date.now();
        child.kill('SIGKILL');
        await new Promise((resolve) => child.once('exit', resolve));

        r.answer = () => ({ status: 200 });
        child = startServer(env);
        await waitReady(base);
        const running = Date.now();
        // At most WEBHOOK_TIMEOUT + 60 s after an instance is running again.
        await r.waitFor((got) => got.length === 2, 63_000);
        const waited = (Date.now() - running) / 1000;
        expect(waited).toBeLessThan(3 + 60);
        // Taken back by its lease's end (WEBHOOK_TIMEOUT + 10 s after it was taken), not by a start-up path:
        // a lease shorter than WEBHOOK_TIMEOUT would let a slow live attempt be made twice.
        expect(r.received[1].at - cutOff).toBeGreaterThanOrEqual(3000);
        expect(r.received[1].headers['webhook-id']).toBe(r.received[0].headers['webhook-id']);
        const deadline = Date.now() + 5000;
        let delivery: any;
        do {
          delivery = (
            await call(
              'GET',
              `/v1/user/stores/${storeId}/webhooks/${hook.body.id}/deliveries`,
              undefined,
              token,
            )
          ).body.data[0];
          if (delivery.status === 'succeeded') break;
          await sleep(200);
        } while (Date.now() < deadline);
        expect(delivery.status).toBe('succeeded');
        // The cut-off attempt left no record (the process died before booking it); the one after the restart did.
        expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([200]);
        console.log(`webhook crash recovery: attempt made again ${waited.toFixed(1)} s after the restart`);
      } finally {
        child.kill('SIGKILL');
        await r.stop();
        await mail.stop();
        await sleep(200);
        await db.drop();
      }
    },
    150_000,
  );
});
