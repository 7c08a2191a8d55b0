import { createTestDatabase, freePort, serverUrl, spawnEntry, TestDatabase } from '@app/testing';
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tracing through the real entry point: OpenTelemetry instruments modules as they are loaded, so it
 * must start before pg, http and fastify — the first import of apps/api/src/main.ts. Jest has loaded
 * those already, so the server runs as its own process, exporting to an OTLP/HTTP receiver here.
 */
const server = serverUrl();

interface Export {
  contentType: string;
  body: Buffer;
}

/** An OTLP/HTTP receiver: keeps every POST /v1/traces, answers as a collector does. */
class OtlpReceiver {
  readonly exports: Export[] = [];
  private server: Server | null = null;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const contentType = request.headers['content-type'] ?? '';
        if (request.method === 'POST' && request.url === '/v1/traces')
          this.exports.push({ contentType, body: Buffer.concat(chunks) });
        const json = contentType.includes('json');
        response.writeHead(200, { 'Content-Type': json ? 'application/json' : 'application/x-protobuf' });
        response.end(json ? '{}' : undefined);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async waitFor<T>(find: () => T | undefined, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no matching export within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number } }[];
}
interface OtlpJson {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[];
  }[];
}

/** The server process, started like `npm start` would (ts-node instead of the build). */
class ServerProcess {
  private child!: ChildProcess;
  stdout = '';
  stderr = '';
  exited!: Promise<number | null>;

  constructor(readonly port: number) {}

  async start(env: Record<string, string>): Promise<this> {
    this.child = spawnEntry('apps/api/src/main.ts', {
      // swc instead of TypeScript's compiler to transpile: the same code, started several times faster.
      TS_NODE_SWC: 'true',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(this.port),
      SHUTDOWN_DELAY: '0',
      ...env,
    });
    this.child.stdout!.on('data', (d) => (this.stdout += d));
    this.child.stderr!.on('data', (d) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
    // A start compiles the whole server (ts-node): on a loaded two-core machine that took over 90 s.
    const deadline = Date.now() + 240_000;
    while (!this.stdout.includes('Storefront API listening')) {
      if (this.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start: ${this.stderr || this.stdout.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  logLines(): Record<string, unknown>[] {
    return this.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
  }

  async stop(): Promise<number | null> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    return this.exited;
  }
}

describe('tracing (OTLP/HTTP)', () => {
  let receiver: OtlpReceiver;
  let db: TestDatabase | null = null;
  let dataDir: string | null = null;

  beforeAll(async () => {
    receiver = await new OtlpReceiver().start();
    if (server) db = await createTestDatabase(server);
    else dataDir = mkdtempSync(join(tmpdir(), 'sf-trace-'));
  });
  afterAll(async () => {
    await receiver.stop();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const database = (): Record<string, string> => (db ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir! });

  it("continues the caller's trace (http/json): a server span and a query span, and the request's log line carries traceId", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const app = await new ServerProcess(await freePort()).start({
      ...database(),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'storefront-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      // A credential in the query string never reaches a span.
      const res = await fetch(`${app.url}/health/ready?code=secret-auth-code-1&access_token=secret-token-1`, {
        headers: { traceparent: `00-${traceId}-${parentSpanId}-01`, 'x-request-id': 'trace-json-1' },
      });
      expect(res.status).toBe(200);
      // (v1.4) A secret in a URL path — the console's invitation link — reaches neither a span nor a log
      // line: its token is replaced by `:token` in both, by the one redaction they share.
      const invitationToken = `sfi_${randomBytes(32).toString('base64url')}`;
      await fetch(`${app.url}/console/invitations/${invitationToken}`, {
        headers: { traceparent: `00-${traceId}-${parentSpanId}-01`, 'x-request-id': 'trace-json-invitation' },
      });

      const spansOf = () =>
        receiver.exports
          .filter((e) => e.contentType.startsWith('application/json'))
          .flatMap((e) => (JSON.parse(e.body.toString('utf8')) as OtlpJson).resourceSpans)
          .flatMap((r) =>
            r.scopeSpans.flatMap((s) =>
              s.spans.map((span) => ({ span, scope: s.scope.name, resource: r.resource })),
            ),
          )
          .filter(({ span }) => span.traceId === traceId);
      const serverSpan = await receiver.waitFor(() => spansOf().find(({ span }) => span.kind === 2));
      // The caller's span is the parent: the trace continues instead of starting anew.
      expect(serverSpan.span.parentSpanId).toBe(parentSpanId);
      // Named after the route pattern.
      expect(serverSpan.span.name).toBe('GET /health/ready');
      expect(serverSpan.scope).toBe('@opentelemetry/instrumentation-http');
      const resource = Object.fromEntries(
        serverSpan.resource.attributes.map((a) => [a.key, a.value.stringValue]),
      );
      expect(resource['service.name']).toBe('storefront-under-test');
      expect(resource['service.version']).toMatch(/^\d+\.\d+\.\d+/);
      // The readiness check's query, a child of the request's span.
      const query = await receiver.waitFor(() =>
        spansOf().find(
          ({ scope, span }) =>
            scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query'),
        ),
      );
      expect(query.span.parentSpanId).toBe(serverSpan.span.spanId);

      const exported = receiver.exports.map((e) => e.body.toString('utf8')).join('');
      expect(exported).not.toContain('secret-auth-code-1');
      expect(exported).not.toContain('secret-token-1');
      // (The query is exported, with the credentials' values replaced.)
      expect(exported).toContain('code=REDACTED&access_token=REDACTED');

      const line = app.logLines().find((l) => l.reqId === 'trace-json-1' && l.msg === 'request');
      expect(line).toMatchObject({ traceId, spanId: serverSpan.span.spanId, path: '/health/ready' });

      const invitationSpan = await receiver.waitFor(() =>
        spansOf().find(
          ({ span }) =>
            span.kind === 2 &&
            span.attributes.some((a) => a.value.stringValue?.startsWith('/console/invitations/')),
        ),
      );
      const invitationPath = invitationSpan.span.attributes.find((a) => a.key === 'url.path')?.value
        .stringValue;
      expect(invitationPath).toBe('/console/invitations/:token');
      expect(receiver.exports.map((e) => e.body.toString('utf8')).join('')).not.toContain(invitationToken);
      await receiver.waitFor(() =>
        app.logLines().find((l) => l.reqId === 'trace-json-invitation' && l.msg === 'request'),
      );
      expect(app.stdout).not.toContain(invitationToken);
      expect(
        app.logLines().find((l) => l.reqId === 'trace-json-invitation' && l.msg === 'request'),
      ).toMatchObject({
        path: '/console/invitations/:token',
      });
    } finally {
      // SIGTERM: the SDK is shut down with the app (what is buffered is exported), and the exit is clean.
      expect(await app.stop()).toBe(0);
    }
  }, 300_000);

  it('exports http/protobuf when OTEL_EXPORTER_OTLP_PROTOCOL says so (the OTel default)', async () => {
    const traceId = randomBytes(16);
    const parentSpanId = randomBytes(8);
    const before = receiver.exports.length;
    const app = await new ServerProcess(await freePort()).start({
      ...database(),
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${receiver.port}/v1/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      // A long batch delay: the span must still leave, exported on shutdown.
      OTEL_BSP_SCHEDULE_DELAY: '60000',
    });
    let exit: number | null;
    try {
      const res = await fetch(`${app.url}/health/live`, {
        headers: { traceparent: `00-${traceId.toString('hex')}-${parentSpanId.toString('hex')}-01` },
      });
      expect(res.status).toBe(200);
    } finally {
      exit = await app.stop();
    }
    expect(exit).toBe(0);
    const sent = receiver.exports.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const e of sent) expect(e.contentType).toBe('application/x-protobuf');
    // OTLP protobuf carries trace and span ids as raw bytes.
    const body = Buffer.concat(sent.map((e) => e.body));
    expect(body.includes(traceId)).toBe(true);
    expect(body.includes(parentSpanId)).toBe(true);
  }, 300_000);

  it('refuses an OTLP protocol it cannot speak with one clear line', async () => {
    const app = new ServerProcess(await freePort());
    await expect(
      app.start({
        ...database(),
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).rejects.toThrow('OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "grpc")');
    expect(await app.stop()).toBe(1);
  }, 60_000);
});
