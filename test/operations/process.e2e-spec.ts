import { spawnEntry } from '@app/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real entry point (apps/api/src/main.ts) as a process: a bad configuration stops it with one clear
 * line and a non-zero exit; a good one serves and shuts down cleanly on SIGTERM.
 */
function run(env: Record<string, string>, onReady?: (url: string) => Promise<void>) {
  const child = spawnEntry('apps/api/src/main.ts', { LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  let readyHandled: Promise<void> | null = null;
  if (onReady) {
    child.stdout!.on('data', () => {
      if (!readyHandled && stdout.includes('Storefront API listening')) {
        readyHandled = onReady(`http://127.0.0.1:${env.PORT}`).finally(() => child.kill('SIGTERM'));
      }
    });
  }
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('exit', (code) => {
      void Promise.resolve(readyHandled)
        .catch(() => undefined)
        .then(() => resolve({ code, stdout, stderr }));
    });
  });
}

describe('the server process', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-proc-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [{ JWT_SECRET: 'too-short' }, 'Configuration error: JWT_SECRET must be at least 32 bytes long'],
    [
      { NODE_ENV: 'production' },
      [
        'Configuration error: JWT_SECRET is required when NODE_ENV=production',
        'Configuration error: OTP_PEPPER is required when NODE_ENV=production',
        'Configuration error: SMTP_URL is required when NODE_ENV=production',
      ].join('\n'),
    ],
    [
      { JWT_SECRET: 'too-short', PORT: 'eighty', SMTP_URL: 'http://mail' },
      [
        'Configuration error: PORT must be a whole number (got "eighty")',
        'Configuration error: JWT_SECRET must be at least 32 bytes long',
        'Configuration error: SMTP_URL must use smtp or smtps',
      ].join('\n'),
    ],
    [{ PORT: 'eighty' }, 'Configuration error: PORT must be a whole number (got "eighty")'],
    // Read before anything else is loaded (tracing), yet reported with the others, endpoint or not.
    [
      { PORT: 'eighty', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' },
      [
        'Configuration error: PORT must be a whole number (got "eighty")',
        'Configuration error: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "grpc")',
      ].join('\n'),
    ],
    [
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        SMTP_URL: 'x',
      },
      [
        'Configuration error: SMTP_URL must be an absolute URL',
        'Configuration error: OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got "grpc")',
      ].join('\n'),
    ],
    [{ DATABASE_URL: 'mysql://db' }, 'Configuration error: DATABASE_URL must use postgres or postgresql'],
  ])('refuses %p with one clear line per bad variable, all at once, and exit code 1', async (env, line) => {
    const result = await run({ DATA_DIR: dir, ...env });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(line);
    expect(result.stdout).toBe('');
  });

  it('serves, logs JSON lines with the request id but no token, and exits 0 on SIGTERM', async () => {
    let observed: { status: number; requestId: string | null } | null = null;
    const result = await run({ DATA_DIR: dir, PORT: '39127' }, async (url) => {
      const res = await fetch(`${url}/health/live?access_token=secret-in-url`, {
        headers: { 'x-request-id': 'proc-test-1' },
      });
      observed = { status: res.status, requestId: res.headers.get('x-request-id') };
    });
    expect(observed).toEqual({ status: 200, requestId: 'proc-test-1' });
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const request = lines.find((l) => l.reqId === 'proc-test-1');
    expect(request).toMatchObject({ level: 'info', method: 'GET', path: '/health/live', status: 200 });
    expect(result.stdout).not.toContain('secret-in-url');
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'shut down cleanly']));
    // A quiet start: no line per module and route from Nest at info (there were about a hundred), and
    // one line that says where the API, its console and its documentation are.
    expect(lines.filter((l) => l.context)).toEqual([]);
    expect(lines.length).toBeLessThan(10);
    expect(lines.find((l) => l.msg === 'Storefront API listening')).toMatchObject({
      url: 'http://localhost:39127',
      console: 'http://localhost:39127/console',
      docs: 'http://localhost:39127/docs',
    });
  });
});
