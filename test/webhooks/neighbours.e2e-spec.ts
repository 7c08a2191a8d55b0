import { createTestDatabase, DnsServer, serverUrl, StorefrontClient, webhookReceivers } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

// Fair between stores, safe from slow neighbours (contract §11, v1.3): one store's endpoints that hang
// every attempt, or whose names take forever to resolve, never keep another store's deliveries from
// starting within 2 s of their commit, nor the service's own database connections from opening.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ALLOW_LOCAL = { WEBHOOK_ALLOW_LOCAL: 'true', WEBHOOK_RETRY_SCHEDULE: '600' };

/** Timed-out attempts in a row after which an endpoint gets one attempt at a time (its circuit). */
const CIRCUIT_AFTER_TIMEOUTS = 3;

/** The endpoint's timed-out attempts in a row, as the delivery worker counts them. */
async function consecutiveTimeouts(t: TestApp, endpointId: string): Promise<number> {
  const [row] = (await t.app
    .get(DataSource)
    .query(`SELECT consecutive_timeouts FROM webhook_endpoints WHERE id = $1`, [endpointId])) as {
    consecutive_timeouts: number;
  }[];
  return row.consecutive_timeouts;
}

/** Polls `condition` every 50 ms until it holds; throws after `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Milliseconds from the commit of a delivery's change (its event's createdAt) to the attempt's arrival. */
const commitToAttempt = (request: { body: string; at: number }) =>
  request.at - Date.parse(JSON.parse(request.body).createdAt);

describe('webhook delivery among neighbours', () => {
  const receiver = webhookReceivers();

  /** A store of a new account, with one endpoint per URL (events: store.updated); its owner's token. */
  async function storeWith(t: TestApp, email: string, urls: string[]) {
    const sf = new StorefrontClient(t);
    const token = await sf.account(email);
    const storeId = await sf.store(token, email);
    const hookIds: string[] = [];
    for (const url of urls) {
      const res = await t.post(
        `/v1/user/stores/${storeId}/webhooks`,
        { url, events: ['store.updated'] },
        { token },
      );
      if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${res.text}`);
      hookIds.push(res.body.id);
    }
    const change = async (description: string) => {
      const res = await t.put(`/v1/user/stores/${storeId}`, { description }, { token });
      expect(res.status).toBe(200);
    };
    return { token, storeId, hookIds, change };
  }

  it("one store's 20 endpoints hanging every attempt: another store's deliveries start within 2 s of their commit", async () => {
    const hanging = await receiver();
    hanging.answer = () => ({ status: 200, hang: true });
    const fast = await receiver();
    const t = await TestApp.start({ env: { ...ALLOW_LOCAL, WEBHOOK_TIMEOUT: '15' } });
    try {
      const urls = Array.from({ length: 20 }, (_, i) => hanging.url(`/hang/${i}`));
      const busy = await storeWith(t, 'hanging@example.com', urls);
      // 20 changes: 400 deliveries, each attempt held open until WEBHOOK_TIMEOUT.
      for (let i = 0; i < 20; i++) await busy.change(`hang ${i}`);
      await hanging.waitFor((got) => got.length >= 32);
      const other = await storeWith(t, 'neighbour@example.com', [fast.url()]);
      for (let i = 0; i < 5; i++) {
        await other.change(`fair ${i}`);
        await fast.waitFor((got) => got.length === i + 1, 3000);
        expect(commitToAttempt(fast.received[i])).toBeLessThan(2000);
      }
      // The hanging store holds its 32 attempts at most, whatever its backlog.
      await sleep(500);
      expect(hanging.maxOpen).toBe(32);
      expect(hanging.received).toHaveLength(32);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('an endpoint gets at most 16 attempts at once, and one at a time once they keep timing out, until one is answered', async () => {
    const r = await receiver();
    r.answer = () => ({ status: 200, hang: true });
    const t = await TestApp.start({ env: { ...ALLOW_LOCAL, WEBHOOK_TIMEOUT: '3' } });
    try {
      const store = await storeWith(t, 'circuit@example.com', [r.url()]);
      await Promise.all(Array.from({ length: 30 }, (_, i) => store.change(`circuit ${i}`)));
      await r.waitFor((got) => got.length >= 16);
      await sleep(300);
      expect(r.maxOpen).toBe(16);
      // The first 16 time out (3 s), and so do the few that started while those timeouts were being booked
      // (3 s more): from then on the circuit is open, one attempt at a time. Waited for as a condition —
      // the endpoint's circuit open in the database and the attempts started before it gone — not a fixed
      // time, which a loaded machine overran.
      await r.waitFor((got) => got.length > 16, 10_000);
      await until(
        async () => (await consecutiveTimeouts(t, store.hookIds[0])) >= CIRCUIT_AFTER_TIMEOUTS && r.open <= 1,
        30_000,
      );
      r.maxOpen = r.open;
      const before = r.received.length;
      await r.waitFor((got) => got.length >= before + 2, 10_000);
      expect(r.maxOpen).toBe(1);
      // Answered again: the circuit closes and the rest come at once. Each answer takes 500 ms, so attempts
      // sent together are seen open together however slowly the machine hands them over (answered at once,
      // they could each finish before the next arrived and look one at a time).
      r.answer = () => ({ status: 204, delayMs: 500 });
      await r.waitFor((got) => got.length === 30, 20_000);
      expect(r.maxOpen).toBeGreaterThan(1);
    } finally {
      await t.close();
    }
  }, 90_000);

  const server = serverUrl();
  const withServer = server ? it : it.failing;

  withServer(
    "one store's names that never resolve hold only that store's lookups: another store's attempt, a new database connection (a host name) and an unknown name's blocked_address are not delayed",
    async () => {
      const dns = await new DnsServer().start();
      const r = await receiver();
      const db = await createTestDatabase(server!);
      // The database by host name: each new connection looks it up (getaddrinfo, libuv's thread pool).
      const byName = new URL(db.url);
      byName.hostname = 'localhost';
      let t: TestApp | undefined;
      try {
        for (let i = 0; i < 20; i++)
          dns.records.set(`slow${i}.example.test`, { a: ['127.0.0.1'], hang: true });
        dns.records.set('fast.example.test', { a: ['127.0.0.1'] });
        t = await TestApp.start({
          databaseUrl: byName.toString(),
          env: { ...ALLOW_LOCAL, WEBHOOK_TIMEOUT: '10', WEBHOOK_DNS_SERVERS: dns.server },
        });
        const app = t;
        const slowUrls = Array.from({ length: 20 }, (_, i) => `http://slow${i}.example.test:${r.port}/hook`);
        const slow = await storeWith(app, 'slow-names@example.com', slowUrls);
        // 40 deliveries and 10 test events (the store's budget for a minute), all to names that never answer.
        await slow.change('slow 1');
        await slow.change('slow 2');
        for (let i = 0; i < 10; i++) {
          const test = await app.post(
            `/v1/user/stores/${slow.storeId}/webhooks/${slow.hookIds[i]}/test`,
            undefined,
            { token: slow.token },
          );
          expect(test.status).toBe(202);
        }
        const slowQuestions = () => dns.questions.filter((q) => q.name.startsWith('slow'));
        for (let i = 0; i < 50 && slowQuestions().length < 8; i++) await sleep(50);

        const other = await storeWith(app, 'fast-names@example.com', [
          `http://fast.example.test:${r.port}/hook`,
          `http://nowhere.example.test:${r.port}/hook`,
        ]);
        await other.change('fast');
        await r.waitFor((got) => got.length === 1, 3000);
        expect(commitToAttempt(r.received[0])).toBeLessThan(2000);
        // A name the DNS servers do not know fails like a local address, at once.
        const list = () =>
          app.get(`/v1/user/stores/${other.storeId}/webhooks/${other.hookIds[1]}/deliveries`, {
            token: other.token,
          });
        let attempts: { error: string; durationMs: number }[] = [];
        for (let i = 0; i < 40 && attempts.length === 0; i++, await sleep(50))
          attempts = (await list()).body.data[0]?.attempts ?? [];
        expect(attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'blocked_address' })]);
        expect(attempts[0].durationMs).toBeLessThan(1000);

        // Every connection of the service is closed under it: the next request opens a new one by name.
        const admin = new Client({ connectionString: server! });
        await admin.connect();
        try {
          await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
            [byName.pathname.slice(1)],
          );
        } finally {
          await admin.end();
        }
        const started = Date.now();
        expect((await app.get('/health/ready')).status).toBe(200);
        expect((await app.get('/v1/auth/me', { token: other.token })).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1000);
        // The slow store had 4 lookups in flight at most (A and AAAA each), whatever it asked for: until
        // the first ones gave up (5 s), no other name of it was asked.
        const first = slowQuestions()[0].at;
        expect(slowQuestions().filter((q) => q.at < first + 4500)).toHaveLength(8);
      } finally {
        await t?.close();
        await db.drop();
        await dns.stop();
      }
    },
    60_000,
  );
});
