import {
  createTestDatabase,
  freePort,
  MailCatcher,
  otpFrom,
  serverUrl,
  spawnEntry,
  TestDatabase,
  WebhookReceiver,
} from '@app/testing';
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The delivery machinery as an operator runs it: the real entry point as its own process (tracing on,
// as OpenTelemetry must start before anything it instruments), a subscriber, and its log read line by
// line. Attempts carry no trace context of ours and no span records an endpoint's URL; over a minute
// of steady state the log shows no `warn` or `error` line — WEBHOOK_ALLOW_LOCAL's one line at start
// aside — which is how a background job that keeps failing stays visible.

const server = serverUrl();
const describeWithServer = server ? describe : describe.skip;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An OTLP/HTTP (JSON) collector: keeps the body of every export. */
async function startCollector(): Promise<{ server: Server; port: number; exports: string[] }> {
  const exports: string[] = [];
  const collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exports.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
  return { server: collector, port: (collector.address() as AddressInfo).port, exports };
}

describeWithServer('webhook delivery, steady state, as its own process', () => {
  let db: TestDatabase;
  let mail: MailCatcher;
  let receiver: WebhookReceiver;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let child: ChildProcess;
  let exited: Promise<unknown>;
  let stdout = '';
  let base: string;
  let token: string;
  let storeId: string;
  const QUERY_SECRET = `q${randomBytes(8).toString('hex')}`;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  const logLines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg: string });

  beforeAll(async () => {
    db = await createTestDatabase(server!);
    mail = await new MailCatcher().start();
    receiver = await new WebhookReceiver().start();
    collector = await startCollector();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawnEntry('apps/api/src/main.ts', {
      TS_NODE_SWC: 'true',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: db.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      OTP_PEPPER: randomBytes(32).toString('hex'),
      SMTP_URL: mail.url,
      SHUTDOWN_DELAY: '0',
      WEBHOOK_ALLOW_LOCAL: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    child.stdout!.on('data', (d) => (stdout += d));
    exited = new Promise((resolve) => child.once('exit', resolve));
    for (const deadline = Date.now() + 90_000; !stdout.includes('Storefront API listening'); await sleep(100))
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`server did not start: ${stdout}`);

    const email = 'steady@example.com';
    expect((await call('POST', '/v1/auth/login', { email })).status).toBe(202);
    const otp = otpFrom(await mail.waitFor(email));
    token = (await call('POST', '/v1/auth/login/verify', { email, otp })).body.access_token;
    storeId = (await call('POST', '/v1/user/stores/onboarding/stage1', { name: 'Steady', description: 'x' }))
      .body.id;
    const hook = await call('POST', `/v1/user/stores/${storeId}/webhooks`, {
      url: receiver.url(`/hook?tenant=${QUERY_SECRET}`),
      events: ['store.updated'],
    });
    expect(hook.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await exited;
    await receiver?.stop();
    await mail?.stop();
    await new Promise((resolve) => collector?.server.close(resolve));
    await db?.drop();
  });

  it('an attempt made for a traced request carries no trace context of ours, and no span records the endpoint', async () => {
    const traceId = randomBytes(16).toString('hex');
    const change = await call(
      'PUT',
      `/v1/user/stores/${storeId}`,
      { description: 'traced' },
      { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`, tracestate: 'vendor=ours' },
    );
    expect(change.status).toBe(200);
    await receiver.waitFor((got) => got.length === 1);
    const [request] = receiver.received;
    expect(request.path).toBe(`/hook?tenant=${QUERY_SECRET}`);
    for (const header of ['traceparent', 'tracestate', 'baggage'])
      expect(request.headers[header]).toBeUndefined();
    // The request's own spans are exported (tracing works), and none of them says where the attempt went.
    for (let i = 0; i < 100 && !collector.exports.some((e) => e.includes(traceId)); i++) await sleep(100);
    expect(collector.exports.some((e) => e.includes(traceId))).toBe(true);
    await sleep(500);
    const exported = collector.exports.join('\n');
    expect(exported).not.toContain(QUERY_SECRET);
    expect(exported).not.toContain(`:${receiver.port}`);
  }, 30_000);

  it('a minute of steady state with a subscriber: every change delivered once, no warn or error line', async () => {
    const startedAt = Date.now();
    let changes = 0;
    // Past the first purge round (a minute after start) and many polls of the delivery loop.
    while (Date.now() - startedAt < 65_000) {
      expect(
        (await call('PUT', `/v1/user/stores/${storeId}`, { description: `steady ${changes}` })).status,
      ).toBe(200);
      changes++;
      await sleep(5000);
    }
    await receiver.waitFor((got) => got.length === changes + 1);
    await sleep(2000);
    const ids = receiver.received.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    const lines = logLines();
    const loud = lines.filter((line) => ['warn', 'error', 'fatal'].includes(line.level));
    // One warn line, at start: what WEBHOOK_ALLOW_LOCAL allows. Nothing else, ever.
    expect(loud.map((line) => [line.level, line.msg])).toEqual([
      ['warn', expect.stringContaining('WEBHOOK_ALLOW_LOCAL=true')],
    ]);
    expect(lines.findIndex((line) => line.level === 'warn')).toBeLessThan(
      lines.findIndex((line) => String(line.msg).includes('Storefront API listening')),
    );
  }, 120_000);
});
