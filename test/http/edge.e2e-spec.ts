import { createTestDatabase, requireServer, TcpProxy } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import Redis from 'ioredis';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Every route in Fastify's own route table, read from its printed tree (`printRoutes` with
 * `commonPrefix: false`: one path segment per node, its methods in parentheses; a wildcard node prints
 * without the slash before it).
 */
function registeredRoutes(fastify: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const segments: string[] = [];
  for (const line of fastify.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    segments.length = node[1].length / 4;
    segments.push(node[2] === '*' && !segments.join('').endsWith('/') ? '/*' : node[2]);
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url: segments.join('') });
  }
  return routes;
}

/** problem+json, request ids, limits, headers, CORS, health, docs, rate limits, outages. */
describe('HTTP edge', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start({ env: { CORS_ORIGINS: 'https://shop.example.com' } });
  });
  afterAll(() => t.close());

  const expectProblem = (
    res: { status: number; headers: Headers; body: any },
    status: number,
    code: string,
  ) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
    });
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(res.body)).not.toMatch(/stack|SELECT|at .*\.ts:\d+/i);
  };

  it('answers an unknown route with 404 not_found', async () => {
    expectProblem(await t.get('/v1/nope'), 404, 'not_found');
    expectProblem(await t.post('/v1/auth/nope', {}), 404, 'not_found');
  });

  it('keeps a sane caller X-Request-Id and replaces an insane one', async () => {
    const kept = await t.get('/health/live', { headers: { 'x-request-id': 'abc-123.DEF_4:5' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123.DEF_4:5');
    const replaced = await t.get('/v1/nope', {
      headers: { 'x-request-id': 'bad id <script>' + 'x'.repeat(200) },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(replaced.body.requestId).toBe(replaced.headers.get('x-request-id'));
    const fresh = await t.get('/health/live');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with 400 malformed_body', async () => {
    expectProblem(await t.request('POST', '/v1/auth/login', { rawBody: '{"email":' }), 400, 'malformed_body');
    expectProblem(
      await t.request('POST', '/v1/auth/login', { rawBody: '{"__proto__":{"x":1}}' }),
      400,
      'malformed_body',
    );
  });

  it('refuses unknown body fields, non-object bodies and wrong types with 400 validation_failed', async () => {
    const unknown = await t.post('/v1/auth/login', { email: 'a@example.com', emial: 'typo' });
    expectProblem(unknown, 400, 'validation_failed');
    expect(unknown.body.errors).toEqual([{ field: 'emial', message: 'unknown field' }]);
    expectProblem(await t.request('POST', '/v1/auth/login', { rawBody: '[1,2]' }), 400, 'validation_failed');
    expectProblem(await t.request('POST', '/v1/auth/login', { rawBody: '"text"' }), 400, 'validation_failed');
    expectProblem(await t.post('/v1/auth/login', {}), 400, 'validation_failed');
  });

  it('decodes a UTF-8 body whose characters arrive split across TCP segments', async () => {
    // The body is read as bytes and decoded once: a character cut between two writes must come out whole.
    const body = Buffer.from(JSON.stringify({ email: 'a@example.com', 'café€': 'x' }), 'utf8');
    const cut = body.indexOf(Buffer.from('€', 'utf8')) + 1; // inside the three bytes of '€'
    const { hostname, port } = new URL(t.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /v1/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
        );
        socket.write(body.subarray(0, cut));
        setTimeout(() => socket.write(body.subarray(cut)), 50);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const problem = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual([{ field: 'café€', message: 'unknown field' }]);
  });

  it('refuses a body over 102,400 bytes with 413 payload_too_large, and takes one just under', async () => {
    const big = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(102_400) });
    expectProblem(await t.request('POST', '/v1/auth/login', { rawBody: big }), 413, 'payload_too_large');
    // Just under the limit: parsed and validated (400 for the unknown field), not refused for its size.
    const under = JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(102_000) });
    expect(Buffer.byteLength(under)).toBeLessThan(102_400);
    const res = await t.request('POST', '/v1/auth/login', { rawBody: under });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.status).not.toBe(413);
  });

  it('refuses a NUL character in a JSON body or the URL with 400, never a 500 from the database', async () => {
    const inBody = await t.post('/v1/auth/login', { email: 'a\u0000@example.com' });
    expectProblem(inBody, 400, 'validation_failed');
    expect(inBody.body.errors).toEqual([{ field: 'email', message: expect.stringContaining('NUL') }]);
    expectProblem(await t.get('/v1/auth/me?x=%00'), 400, 'validation_failed');
    // An escaped backslash followed by "u0000" is ordinary text, judged by the route's own validation.
    const literal = await t.post('/v1/auth/login', { email: '\\u0000@example.com' });
    expect(literal.body.errors).toEqual([{ field: 'email', message: expect.any(String) }]);
  });

  it('refuses a body of an unsupported media type with 415', async () => {
    const res = await t.request('POST', '/v1/auth/login', {
      rawBody: 'email=a@example.com',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('sends security headers: a lean set on JSON answers, helmet’s full set on the OpenAPI UI', async () => {
    for (const path of ['/health/live', '/v1/auth/me', '/v1/nope']) {
      const res = await t.get(path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      // An HTML-document header: a JSON answer that may load nothing has no referrer to leak.
      expect(res.headers.get('referrer-policy')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    const ui = await t.get('/docs');
    expect(ui.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(ui.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers CORS preflights for CORS_ORIGINS only', async () => {
    const allowed = await t.request('OPTIONS', '/v1/auth/me', {
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(allowed.status).toBeLessThan(300);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    const denied = await t.request('OPTIONS', '/v1/auth/me', {
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves /health/live and /health/ready', async () => {
    expect((await t.get('/health/live')).body).toEqual({ status: 'ok' });
    const ready = await t.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('GET / sends a browser to the console (302 /console); other unknown paths stay 404 problems', async () => {
    const root = await fetch(`${t.baseUrl}/`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toEqual([302, '/console']);
    const head = await fetch(`${t.baseUrl}/`, { method: 'HEAD', redirect: 'manual' });
    expect([head.status, head.headers.get('location')]).toEqual([302, '/console']);
    const other = await t.get('/nope');
    expect([other.status, other.body.code]).toEqual([404, 'not_found']);
  });

  it('serves the OpenAPI UI and a document that covers every REST route', async () => {
    const ui = await t.get('/docs');
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');
    const doc = await t.get('/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(doc.body.paths as Record<string, object>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const fastify = t.app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    const routes = registeredRoutes(fastify);
    // The tree was read right: every route it gave is one Fastify finds.
    expect(routes.filter((r) => !fastify.hasRoute({ method: r.method, url: r.url }))).toEqual([]);
    const rest = routes
      .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method))
      .filter(
        (r) =>
          !r.url.startsWith('/docs') &&
          !r.url.startsWith('/console') &&
          r.url !== '/' &&
          r.url !== '/*' &&
          !r.url.includes('graphql'),
      )
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    expect(rest.length).toBeGreaterThan(8);
    expect(rest.filter((r) => !documented.has(r))).toEqual([]);
  });
});

describe('auth rate limit (AUTH_RATE_LIMIT, REDIS_URL)', () => {
  it('limits /v1/auth/* per client IP with 429 rate_limited and Retry-After, and leaves other paths alone', async () => {
    const t = await TestApp.start({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await t.post('/v1/auth/login', { email: `rl${i}@example.com` })).status);
      expect(statuses).toEqual([202, 202, 202]);
      const limited = await t.post('/v1/auth/refresh', { refresh_token: 'not-a-token' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
      expect(limited.body.code).toBe('rate_limited');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await t.get('/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('does not count the authenticated reads (/me, /sessions, /providers): an office behind one address keeps its budget', async () => {
    const t = await TestApp.start({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const token = await t.signIn('office@example.com'); // login + verify: two of the three
      for (let i = 0; i < 20; i++) {
        const answers = await Promise.all([
          t.get('/v1/auth/me', { token: token.access_token }),
          t.get('/v1/auth/sessions', { token: token.access_token }),
          t.get('/v1/auth/providers'),
          t.request('HEAD', '/v1/auth/providers'),
        ]);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
        expect(answers.map((a) => a.headers.get('ratelimit'))).toEqual([null, null, null, null]);
      }
      // The routes that take credentials still count, with the budget the reads left untouched.
      const refresh = await t.post('/v1/auth/refresh', { refresh_token: token.refresh_token });
      expect([refresh.status, refresh.headers.get('ratelimit')]).toEqual([
        200,
        expect.stringMatching(/^"auth";r=0;/),
      ]);
      expect((await t.post('/v1/auth/login', { email: 'office@example.com' })).status).toBe(429);
      expect((await t.post('/v1/auth/logout', undefined, { token: refresh.body.access_token })).status).toBe(
        429,
      );
    } finally {
      await t.close();
    }
  });

  it('counts before the body is read: the RateLimit field on answers, and past the limit a 429 that parses no body and still carries CORS', async () => {
    const origin = 'https://shop.example.com';
    const t = await TestApp.start({ env: { AUTH_RATE_LIMIT: '3', CORS_ORIGINS: origin } });
    try {
      const first = await t.post('/v1/auth/login', { email: 'window@example.com' });
      expect(first.status).toBe(202);
      const window = /^"auth";r=(\d+);t=(\d+)$/.exec(first.headers.get('ratelimit') ?? '');
      expect(window).not.toBeNull();
      expect(Number(window![1])).toBe(2);
      expect(Number(window![2])).toBeGreaterThanOrEqual(1);
      expect(Number(window![2])).toBeLessThanOrEqual(60);
      // A body refused by the parser has spent one from the budget all the same.
      const malformed = await t.request('POST', '/v1/auth/login', { rawBody: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(malformed.headers.get('ratelimit')).toMatch(/^"auth";r=1;t=\d+$/);
      const refresh = await t.post('/v1/auth/refresh', { refresh_token: 'not-a-token' });
      expect([refresh.status, refresh.headers.get('ratelimit')]).toEqual([
        401,
        expect.stringMatching(/^"auth";r=0;t=\d+$/),
      ]);
      // Past the limit the answer is 429 even for a body the parser would refuse: it is never read.
      const limited = await t.request('POST', '/v1/auth/login', {
        rawBody: '{"email":',
        headers: { origin },
      });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('ratelimit')).toBeNull();
      expect(limited.headers.get('access-control-allow-origin')).toBe(origin);
      expect(limited.headers.get('x-request-id')).toBe(limited.body.requestId);
      expect(limited.headers.get('cache-control')).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  // Needs a Redis server: TEST_REDIS_URL (CI sets it; .ci/run starts the machine's Redis if it is down).
  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('shares the counters between instances through Redis', async () => {
    const redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const stale = await redis.keys('sf:rl:*');
    if (stale.length) await redis.del(...stale);
    const env = { AUTH_RATE_LIMIT: '4', REDIS_URL: redisUrl! };
    const a = await TestApp.start({ env });
    const b = await TestApp.start({ env });
    try {
      expect((await a.post('/v1/auth/login', { email: 'r1@example.com' })).status).toBe(202);
      expect((await a.post('/v1/auth/login', { email: 'r2@example.com' })).status).toBe(202);
      expect((await b.post('/v1/auth/login', { email: 'r3@example.com' })).status).toBe(202);
      expect((await b.post('/v1/auth/login', { email: 'r4@example.com' })).status).toBe(202);
      // Each instance saw only two requests; together they used up the limit.
      expect((await a.post('/v1/auth/login', { email: 'r5@example.com' })).status).toBe(429);
      expect((await b.post('/v1/auth/login', { email: 'r6@example.com' })).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      const keys = await redis.keys('sf:rl:*');
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
});

describe('database outage (503 unavailable, recovers by itself)', () => {
  const server = requireServer('the database outage case of test/http/edge.e2e-spec.ts');
  // The outage is made by cutting a TCP proxy between the app and the PostgreSQL server; the embedded
  // database lives inside the process and cannot go away on its own.
  (server ? it : it.skip)(
    'answers 503 unavailable while the database is unreachable and recovers without a restart',
    async () => {
      const db = await createTestDatabase(server!);
      const target = new URL(db.url);
      const proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
      const viaProxy = new URL(db.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const t = await TestApp.start({ databaseUrl: viaProxy.toString() });
      try {
        const pair = await t.signIn('outage@example.com');
        expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);

        await proxy.stop();
        const down = await t.get('/v1/auth/me', { token: pair.access_token });
        expect(down.status).toBe(503);
        expect(down.body.code).toBe('unavailable');
        expect(down.headers.get('retry-after')).toBe('5');
        expect((await t.post('/v1/auth/login', { email: 'outage@example.com' })).status).toBe(503);
        expect((await t.get('/health/ready')).status).toBe(503);
        expect((await t.get('/health/live')).status).toBe(200);

        await proxy.restart();
        let status = 0;
        for (let i = 0; i < 40 && status !== 200; i++) {
          status = (await t.get('/v1/auth/me', { token: pair.access_token })).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 250));
        }
        expect(status).toBe(200);
        expect((await t.get('/health/ready')).status).toBe(200);
      } finally {
        await t.close();
        await proxy.stop();
        await db.drop();
      }
    },
  );
});
