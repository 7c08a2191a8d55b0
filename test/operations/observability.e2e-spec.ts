import { Metrics } from '@app/core';
import { createTestDatabase, freePort, serverUrl, TcpProxy, TestDatabase } from '@app/testing';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SignedIn, TestApp } from '@app/testing/test-app';

/**
 * What an operator gets: Prometheus metrics on METRICS_PORT only (route patterns, pool, rate limits,
 * dependency errors, the process defaults), and log lines with hostname/pid/version, the client
 * address, the caller and the user agent — never a token — and errors' codes readable.
 */
const server = serverUrl();
const version = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'))
  .version as string;
const USER_AGENT = 'observability-test/1.0';
const AUTH_LIMIT = 12;

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('observability', () => {
  let t: TestApp;
  let db: TestDatabase | null = null;
  let proxy: TcpProxy | null = null;
  let metricsPort: number;
  let pair: SignedIn;
  const lines: string[] = [];
  const logs = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

  async function scrape(): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  }

  beforeAll(async () => {
    metricsPort = await freePort();
    let databaseUrl: string | undefined;
    // Behind a TCP proxy when a PostgreSQL server is available, so one test can cut the database off.
    if (server) {
      db = await createTestDatabase(server);
      const target = new URL(db.url);
      proxy = await new TcpProxy(target.hostname, Number(target.port || 5432)).start();
      const viaProxy = new URL(db.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      databaseUrl = viaProxy.toString();
    }
    t = await TestApp.start({
      databaseUrl,
      env: {
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT: String(AUTH_LIMIT),
      },
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    pair = await t.signIn('observer@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await db?.drop();
  });

  it('serves Prometheus metrics on METRICS_PORT: request durations by route pattern, never the raw path', async () => {
    const storeId = randomUUID();
    expect((await t.get(`/v1/user/stores/${storeId}`, { token: pair.access_token })).status).toBe(404);
    expect((await t.get(`/v1/user/stores/${randomUUID()}`, { token: pair.access_token })).status).toBe(404);
    expect((await t.get('/v1/auth/me', { token: pair.access_token })).status).toBe(200);
    const unknown = randomUUID();
    expect((await t.get(`/no/such/${unknown}`)).status).toBe(404);

    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // Both requests to the store route count under its pattern.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/v1/user/stores/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/v1/auth/me",status_code="200"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/v1/auth/login",status_code="202"}',
      ),
    ).toBe(1);
    // A path that matched nothing has one fixed label; no id ever becomes a label value.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain(storeId);
    expect(text).not.toContain(unknown);
  });

  it('reports the database pool, dependency errors, webhook deliveries and the process defaults', async () => {
    const text = await scrape();
    const idle = sample(text, 'db_pool_connections{state="idle"}');
    const busy = sample(text, 'db_pool_connections{state="busy"}');
    const waiting = sample(text, 'db_pool_connections{state="waiting"}');
    // The sign-in opened connections; between requests they sit idle (a background job may hold one).
    expect(idle! + busy!).toBeGreaterThanOrEqual(1);
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(waiting).toBe(0);
    for (const dependency of ['database', 'redis', 'smtp', 'webhook'])
      expect(sample(text, `dependency_errors_total{dependency="${dependency}"}`)).toBe(0);
    expect(text).toContain('# TYPE webhook_deliveries_total counter');
    expect(text).toContain('# TYPE rate_limit_rejections_total counter');
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('answers /metrics only on the metrics port: 404 on the API port, 404 for other paths there', async () => {
    const onApi = await t.get('/metrics');
    expect(onApi.status).toBe(404);
    expect(onApi.text).not.toContain('http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('logs request lines with hostname, pid, version, client address, caller and user agent — and no token', async () => {
    const me = await t.get('/v1/auth/me', {
      token: pair.access_token,
      headers: { 'user-agent': USER_AGENT, 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'obs-log-1' },
    });
    expect(me.status).toBe(200);
    const line = logs().find((l) => l.reqId === 'obs-log-1' && l.msg === 'request');
    expect(line).toMatchObject({
      level: 'info',
      hostname: hostname(),
      pid: process.pid,
      version,
      method: 'GET',
      path: '/v1/auth/me',
      status: 200,
      // TRUST_PROXY=1: the address the proxy saw, not the proxy's own.
      ip: '203.0.113.9',
      caller: `account:${me.body.id}`,
      userAgent: USER_AGENT,
    });
    // An unauthenticated request has no caller; every line of the process carries the three fields.
    await t.get('/health/live', { headers: { 'x-request-id': 'obs-log-2' } });
    expect(logs().find((l) => l.reqId === 'obs-log-2')).toMatchObject({ caller: null, ip: '127.0.0.1' });
    for (const entry of logs())
      expect(entry).toMatchObject({ hostname: hostname(), pid: process.pid, version });
    const all = lines.join('');
    expect(all).not.toContain(pair.access_token);
    expect(all).not.toContain(pair.refresh_token);
    expect(all).not.toContain(pair.access_token.split('.')[2]);
  });

  it("logs an error's code as it is, not redacted; counts the database's failures", async () => {
    if (!proxy) return; // embedded database: nothing to cut off
    await proxy.stop();
    try {
      const down = await t.get('/v1/user/stores/@me', {
        token: pair.access_token,
        headers: { 'x-request-id': 'obs-err-1' },
      });
      expect(down.status).toBe(503);
      const line = logs().find((l) => l.reqId === 'obs-err-1' && l.level === 'warn');
      expect(line).toMatchObject({ code: 'unavailable' });
      expect(lines.join('')).not.toContain('[redacted]');
      // The failed connection attempts count as database errors.
      expect(sample(await scrape(), 'dependency_errors_total{dependency="database"}')).toBeGreaterThanOrEqual(
        1,
      );
    } finally {
      await proxy.restart();
    }
  });

  it('counts failed calls to a dependency (the SMTP server gone)', async () => {
    await t.mail.stop();
    const refused = await t.post('/v1/auth/login', { email: 'nomail@example.com' });
    expect(refused.status).toBe(503);
    expect(sample(await scrape(), 'dependency_errors_total{dependency="smtp"}')).toBe(1);
  });

  it('counts rate-limit rejections (429) by route', async () => {
    let rejected = 0;
    for (let i = 0; i < AUTH_LIMIT + 3; i++) {
      const res = await t.post(
        '/v1/auth/refresh',
        { refresh_token: 'not-a-token' },
        { headers: { 'x-forwarded-for': '198.51.100.4' } },
      );
      if (res.status === 429) rejected++;
      else expect(res.status).toBe(401);
    }
    // A fresh client address (TRUST_PROXY=1): its own window, so exactly the last three are refused.
    expect(rejected).toBe(3);
    expect(sample(await scrape(), 'rate_limit_rejections_total{route="/v1/auth/refresh"}')).toBe(rejected);
  });
});

/** The HTTP servers listening in this process (the app's, and a metrics server if one was started). */
function httpServers(): HttpServer[] {
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((h): h is HttpServer => h instanceof HttpServer && h.listening);
}

describe('observability off', () => {
  it('starts no metrics server when METRICS_PORT is unset', async () => {
    const before = httpServers().length;
    const t = await TestApp.start();
    try {
      expect(t.config.metricsPort).toBeNull();
      expect((await t.get('/metrics')).status).toBe(404);
      // The API's own server and nothing else (the mail catcher is an SMTP server, not an HTTP one).
      expect(httpServers().length - before).toBe(1);
      expect(t.app.get(Metrics).enabled).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('starts exactly one more server, on METRICS_PORT, when it is set', async () => {
    const before = httpServers().length;
    const port = await freePort();
    // HOST is every interface (its default), as an instance behind a balancer often has it.
    const t = await TestApp.start({ env: { METRICS_PORT: String(port), HOST: '0.0.0.0' } });
    try {
      const servers = httpServers();
      expect(servers.length - before).toBe(2);
      // On loopback, whatever HOST is: metrics are for a scraper beside the process, not for the world.
      const metrics = servers.find((s) => (s.address() as AddressInfo).port === port);
      expect((metrics?.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      await t.close();
    }
    // Closing the app closes the metrics server too.
    expect(httpServers().length).toBe(before);
  });

  it('listens where METRICS_HOST says (a scraper on another host)', async () => {
    const port = await freePort();
    const t = await TestApp.start({ env: { METRICS_PORT: String(port), METRICS_HOST: '0.0.0.0' } });
    try {
      const metrics = httpServers().find((s) => (s.address() as AddressInfo).port === port);
      expect((metrics?.address() as AddressInfo).address).toBe('0.0.0.0');
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
