import Redis from 'ioredis';
import { createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { freePort } from '@app/testing';
import { TestApp, TestResponse } from '@app/testing/test-app';

/**
 * Redis (REDIS_URL) only accelerates the /v1/auth rate limit: gone, stalled or back, no answer waits on
 * it longer than its 500 ms command timeout, none is a 5xx, the limit is still enforced (per instance
 * meanwhile), readiness stays 200 with `redis: "degraded"`, and the log says so once per outage.
 */

const LIMIT = 5;

/** JSON log lines the app writes (its logDestination). */
class Logs {
  readonly lines: { level: string; msg: string; dependency?: string; error?: string }[] = [];
  readonly destination = { write: (line: string) => void this.lines.push(JSON.parse(line)) };
  count(level: string, msg: string): number {
    return this.lines.filter((l) => l.level === level && l.msg === msg).length;
  }
}

/**
 * A TCP proxy in front of the real Redis that can stall: it keeps accepting connections (and keeps the
 * open ones) but forwards nothing until let through again — a Redis that hangs, not one that refuses.
 */
class StallingProxy {
  private server!: Server;
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private passing: boolean;
  port = 0;

  constructor(
    private readonly target: URL,
    passing: boolean,
  ) {
    this.passing = passing;
  }

  async start(): Promise<this> {
    this.server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(this.target.port || 6379), this.target.hostname);
      const pair = { client, upstream };
      this.pairs.add(pair);
      for (const s of [client, upstream]) {
        s.on('error', () => s.destroy());
        s.on('close', () => {
          client.destroy();
          upstream.destroy();
          this.pairs.delete(pair);
        });
      }
      if (this.passing) this.connect(pair);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Forward both ways again, what waited included. */
  pass(): void {
    this.passing = true;
    for (const pair of this.pairs) this.connect(pair);
  }

  /** Stop forwarding on every connection, open or new; nothing is closed. */
  stall(): void {
    this.passing = false;
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  async stop(): Promise<void> {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connect({ client, upstream }: { client: Socket; upstream: Socket }): void {
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/**
 * A server that speaks just enough of the Redis protocol to be connected to: each command (a RESP array
 * of bulk strings) is handed to `answer`, whose reply (raw RESP) is sent back; with no `answer` it
 * accepts connections and never sends a byte (a stalled Redis).
 */
async function fakeRedis(
  answer?: (command: string[]) => string,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    if (!answer) return;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const parsed = parseCommand(buffered);
        if (!parsed) break;
        buffered = buffered.slice(parsed.length);
        socket.write(answer(parsed.command));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One complete `*N\r\n$len\r\narg\r\n…` command at the start of `text`, or null if incomplete. */
function parseCommand(text: string): { command: string[]; length: number } | null {
  const header = /^\*(\d+)\r\n/.exec(text);
  if (!header) return null;
  let at = header[0].length;
  const command: string[] = [];
  for (let i = 0; i < Number(header[1]); i++) {
    const size = /^\$(\d+)\r\n/.exec(text.slice(at));
    if (!size) return null;
    at += size[0].length;
    if (text.length < at + Number(size[1]) + 2) return null;
    command.push(text.slice(at, at + Number(size[1])));
    at += Number(size[1]) + 2;
  }
  return { command, length: at };
}

/**
 * One timed request to a rate-limited route: a refresh with a token that is no token, 401 until the
 * budget is spent (the authenticated reads /me, /sessions, /providers do not count).
 */
async function timed(t: TestApp): Promise<{ response: TestResponse; ms: number }> {
  const started = performance.now();
  const response = await t.post('/v1/auth/refresh', { refresh_token: 'not-a-token' });
  return { response, ms: performance.now() - started };
}

/**
 * The limit is enforced with Redis out of reach: LIMIT answers that count down the RateLimit field, then
 * 429s; none a 5xx, each within a second (the outage is known, so most do not wait at all).
 */
async function expectLimitedLocally(t: TestApp): Promise<void> {
  const times: number[] = [];
  for (let i = 1; i <= LIMIT; i++) {
    const { response, ms } = await timed(t);
    times.push(ms);
    expect(response.status).toBe(401);
    expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^"auth";r=${LIMIT - i};t=\\d+$`));
  }
  const burst = await Promise.all(Array.from({ length: 20 }, () => timed(t)));
  times.push(...burst.map((b) => b.ms));
  expect(burst.map((b) => b.response.status)).toEqual(Array(20).fill(429));
  expect(burst[0].response.body.code).toBe('rate_limited');
  for (const ms of times) expect(ms).toBeLessThan(1000);
}

async function readiness(t: TestApp): Promise<TestResponse> {
  return t.get('/health/ready');
}

describe('Redis down, stalled or back: the auth rate limit carries on without it', () => {
  it('Redis down (nothing listens): limits counted per instance, no 5xx, ready and degraded, one warn line', async () => {
    const logs = new Logs();
    const t = await TestApp.start({
      env: {
        AUTH_RATE_LIMIT: String(LIMIT),
        // A port bound once, then released: nothing listens on it.
        REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
        LOG_LEVEL: 'warn',
      },
      logDestination: logs.destination,
    });
    try {
      await expectLimitedLocally(t);
      const ready = await readiness(t);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', database: 'up', redis: 'degraded' });
      // Reconnection attempts went on all along (backoff up to 1 s): still one line for the outage.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect((await timed(t)).response.status).toBe(429);
      expect(logs.count('warn', 'redis unavailable')).toBe(1);
      expect(logs.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('Redis stalled (accepts, never answers): same — nothing waits past the timeout', async () => {
    const silent = await fakeRedis();
    const logs = new Logs();
    const t = await TestApp.start({
      env: {
        AUTH_RATE_LIMIT: String(LIMIT),
        REDIS_URL: `redis://127.0.0.1:${silent.port}`,
        LOG_LEVEL: 'warn',
      },
      logDestination: logs.destination,
    });
    try {
      await expectLimitedLocally(t);
      const ready = await readiness(t);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', redis: 'degraded' });
      expect(logs.count('warn', 'redis unavailable')).toBe(1);
      expect(logs.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    } finally {
      await t.close();
      await silent.stop();
    }
  });

  it('Redis refusing the counting script (READONLY after a failover): counted here, degraded, one warn line, probed again', async () => {
    const evals: number[] = [];
    const replica = await fakeRedis(([name]) => {
      if (name.toLowerCase() === 'info') {
        const info = 'role:slave\r\nloading:0';
        return `$${info.length}\r\n${info}\r\n`;
      }
      if (name.toLowerCase() === 'eval') {
        evals.push(Date.now());
        return "-READONLY You can't write against a read only replica.\r\n";
      }
      return '+OK\r\n';
    });
    const logs = new Logs();
    const t = await TestApp.start({
      env: {
        AUTH_RATE_LIMIT: String(LIMIT),
        REDIS_URL: `redis://127.0.0.1:${replica.port}`,
        LOG_LEVEL: 'warn',
      },
      logDestination: logs.destination,
    });
    try {
      const started = evals.length;
      const startedAt = Date.now();
      await expectLimitedLocally(t);
      const elapsed = Date.now() - startedAt;
      expect((await readiness(t)).body).toMatchObject({ status: 'ok', redis: 'degraded' });
      // 25 requests, yet the script ran about once a second: requests do not try it once it has
      // failed, only the probe does.
      expect(evals.length - started).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
      const before = evals.length;
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect(evals.length).toBeGreaterThan(before);
      expect(logs.count('warn', 'redis unavailable')).toBe(1);
      expect(logs.lines.find((l) => l.msg === 'redis unavailable')).toMatchObject({
        dependency: 'redis',
        error: expect.stringContaining('READONLY'),
      });
    } finally {
      await t.close();
      await replica.stop();
    }
  });

  // Needs a Redis server: TEST_REDIS_URL (CI sets it; .ci/run starts the machine's Redis if it is down).
  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)(
    'Redis back: up again with one info line, counting through Redis (the outage’s local hits kept); a stall of the live connection is an outage of its own',
    async () => {
      // A database of its own, so the shared-limit test of http-edge (database 0) cannot interfere.
      const target = new URL(redisUrl!);
      target.pathname = '/9';
      const redis = new Redis(target.toString(), { maxRetriesPerRequest: 1 });
      const key = 'sf:rl:auth:127.0.0.1';
      await redis.del(key);
      const proxy = await new StallingProxy(target, false).start();
      const logs = new Logs();
      const t = await TestApp.start({
        env: {
          AUTH_RATE_LIMIT: String(LIMIT),
          REDIS_URL: `redis://127.0.0.1:${proxy.port}/9`,
          LOG_LEVEL: 'info',
        },
        logDestination: logs.destination,
      });
      const waitForRedis = async (state: string) => {
        for (let i = 0; i < 40; i++) {
          if ((await readiness(t)).body.redis === state) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`redis never became ${state}`);
      };
      try {
        // Stalled from the start: three hits counted here.
        expect((await readiness(t)).body.redis).toBe('degraded');
        for (let i = 1; i <= 3; i++) {
          const { response, ms } = await timed(t);
          expect(response.status).toBe(401);
          expect(ms).toBeLessThan(1000);
        }
        expect(await redis.exists(key)).toBe(0);

        proxy.pass();
        await waitForRedis('up');
        expect(logs.count('info', 'redis available again')).toBe(1);
        expect(logs.count('warn', 'redis unavailable')).toBe(1);

        // Counted in Redis now, with the three hits of the outage still held against the client.
        const fourth = await timed(t);
        expect(fourth.response.status).toBe(401);
        expect(fourth.response.headers.get('ratelimit')).toMatch(/^"auth";r=1;t=\d+$/);
        expect(await redis.get(key)).toBe('1');
        expect((await timed(t)).response.status).toBe(401);
        expect((await timed(t)).response.status).toBe(429);
        expect(await redis.get(key)).toBe('3');

        // The live connection stalls: requests in flight wait out the 500 ms timeout, no longer, and are
        // counted here again — on top of this process's three hits of the first outage (same window).
        proxy.stall();
        const stalled = await Promise.all(Array.from({ length: 5 }, () => timed(t)));
        expect(stalled.map((s) => s.response.status).sort()).toEqual([401, 401, 429, 429, 429]);
        for (const s of stalled) expect(s.ms).toBeLessThan(1000);
        // Known stalled now: answered without trying Redis first.
        const after = await timed(t);
        expect(after.response.status).toBe(429);
        expect(after.ms).toBeLessThan(250);
        expect((await readiness(t)).body).toMatchObject({ status: 'ok', redis: 'degraded' });
        expect(logs.count('warn', 'redis unavailable')).toBe(2);

        proxy.pass();
        await waitForRedis('up');
        expect(logs.count('info', 'redis available again')).toBe(2);
        expect(logs.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
      } finally {
        await t.close();
        await proxy.stop();
        await redis.del(key);
        await redis.quit();
      }
    },
  );
});
