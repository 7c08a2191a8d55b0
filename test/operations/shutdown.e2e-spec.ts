import { createLogger } from '@app/core';
import { openSocket } from '@app/testing';
import { Agent, request as httpRequest } from 'node:http';
import { gracefulShutdown } from '@app/api';
import { TestApp } from '@app/testing/test-app';

/**
 * SIGTERM as a load balancer sees it (apps/api/src/shutdown.ts), on the in-process application:
 * readiness fails at once, the instance keeps serving with `Connection: close` for SHUTDOWN_DELAY, then
 * stops accepting but still answers every request that reaches it on a connection it holds (never
 * cutting a connection that carries one, never refusing a request a proxy sent in good faith), and
 * gives up on stragglers after SHUTDOWN_TIMEOUT. The process-level path (npm run start:prod) is in
 * test/operations/process.e2e-spec.ts.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses one HTTP/1.1 answer out of what a raw socket received. */
function parseAnswer(raw: string): RawAnswer {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

function get(
  agent: Agent,
  baseUrl: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(baseUrl + path, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body, reused: req.reusedSocket }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The application at LOG_LEVEL=info, its log lines kept (parsed) for the test to read. */
async function startLogged() {
  const lines: { msg: string; [k: string]: unknown }[] = [];
  const logDestination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const t = await TestApp.start({ env: { LOG_LEVEL: 'info' }, logDestination });
  return { t, lines, logDestination };
}

describe('graceful shutdown', () => {
  it('fails readiness at once, serves with Connection: close for the delay, then stops accepting but answers every request it holds', async () => {
    const { t, lines, logDestination } = await startLogged();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A kept-alive connection before the signal: its next request must still be answered.
      const before = await get(agent, t.baseUrl, '/health/ready');
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');

      // A request in flight across the whole shutdown: headers sent, half of its body held back.
      const email = 'drain@example.com';
      const body = JSON.stringify({ email });
      const inFlight = await openSocket(t.baseUrl);
      inFlight.socket.write(
        `POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: in-flight-1\r\n\r\n${body.slice(0, 5)}`,
      );
      await sleep(100);

      const logger = createLogger('info', logDestination);
      const started = Date.now();
      const done = gracefulShutdown(t.app, { shutdownDelay: 1, shutdownTimeout: 10 }, logger);

      // At once: readiness 503, liveness still 200, both telling the client to drop the connection.
      const ready = await get(agent, t.baseUrl, '/health/ready');
      expect(ready.reused).toBe(true);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({ status: 'shutting_down' });
      expect(ready.headers.connection).toBe('close');
      const live = await get(agent, t.baseUrl, '/health/live');
      expect(live.reused).toBe(false); // the previous answer closed its connection
      expect(live.status).toBe(200);
      expect(live.headers.connection).toBe('close');
      // A real route is served too during the delay.
      const me = await get(agent, t.baseUrl, '/v1/auth/me');
      expect(me.status).toBe(401);
      expect(me.headers.connection).toBe('close');

      // A connection opened during the delay that has sent nothing yet: a proxy's, about to be reused.
      const kept = await openSocket(t.baseUrl);

      // After the delay, no new connection is accepted (a proxy retries a refused one elsewhere)…
      await sleep(Math.max(0, started + 1000 - Date.now()));
      for (let i = 0; ; i++) {
        const refused = await get(new Agent(), t.baseUrl, '/health/live').then(
          () => false,
          (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
        );
        if (refused) break;
        if (i > 100) throw new Error('the listener never closed');
        await sleep(50);
      }
      // …but a request on a connection it already holds is answered, not refused (a proxy that does not
      // retry a 503 would hand that refusal to its client), and its connection closes with the answer.
      kept.socket.write('GET /v1/auth/providers HTTP/1.1\r\nHost: x\r\nX-Request-Id: kept-1\r\n\r\n');
      expect(await kept.closed).toBe('closed');
      const keptAnswer = parseAnswer(kept.received());
      expect([keptAnswer.status, keptAnswer.headers['x-request-id'], keptAnswer.headers.connection]).toEqual([
        200,
        'kept-1',
        'close',
      ]);
      expect(JSON.parse(keptAnswer.body)).toMatchObject({ providers: ['otp'] });
      // …but the request in flight is still being waited for, and is answered in full once sent.
      inFlight.socket.write(body.slice(5));
      expect(await inFlight.closed).toBe('closed');
      const answer = parseAnswer(inFlight.received());
      expect(answer.status).toBe(202);
      expect(answer.headers['x-request-id']).toBe('in-flight-1');
      expect(answer.headers.connection).toBe('close');

      await done;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1000);
      expect(elapsed).toBeLessThan(8000);
      const messages = lines.map((l) => l.msg);
      expect(messages).toEqual(
        expect.arrayContaining([
          'shutting down',
          'no longer accepting connections; answering the requests on open connections',
          'shut down cleanly',
        ]),
      );
      expect(messages).not.toContain('shutdown timeout: closing connections still in use');
      expect(lines.find((l) => l.reqId === 'in-flight-1' && l.msg === 'request')).toMatchObject({
        status: 202,
      });
    } finally {
      agent.destroy();
      await t.close().catch(() => undefined);
    }
  });

  it('gives up on a request still in flight after SHUTDOWN_TIMEOUT, logging how many connections it closed', async () => {
    const { t, lines, logDestination } = await startLogged();
    try {
      const stuck = await openSocket(t.baseUrl);
      stuck.socket.write(
        'POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
      await sleep(100);
      const started = Date.now();
      await gracefulShutdown(
        t.app,
        { shutdownDelay: 0, shutdownTimeout: 1 },
        createLogger('info', logDestination),
      );
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1000);
      expect(elapsed).toBeLessThan(5000);
      expect(await stuck.closed).toMatch(/closed|error/);
      expect(lines.find((l) => l.msg === 'shutdown timeout: closing connections still in use')).toMatchObject(
        {
          level: 'warn',
          connections: 1,
        },
      );
      expect(lines.map((l) => l.msg)).toContain('shut down cleanly');
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('a request that reaches the application while it closes is refused in problem+json with its request id, and logged', async () => {
    const { t, lines } = await startLogged();
    try {
      // Half a request head: the connection is busy (not idle), so closing waits for it.
      const late = await openSocket(t.baseUrl);
      late.socket.write('GET /health/live HTTP/1.1\r\nHost: x\r\n');
      await sleep(100);
      const closed = t.app.close();
      const server = t.app.getHttpServer();
      for (let i = 0; i < 100 && server.listening; i++) await sleep(20);
      expect(server.listening).toBe(false);
      late.socket.write('X-Request-Id: late-1\r\n\r\n');
      expect(await late.closed).toBe('closed');
      await closed;
      const answer = parseAnswer(late.received());
      expect(answer.status).toBe(503);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.headers['x-request-id']).toBe('late-1');
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 503,
        code: 'unavailable',
        requestId: 'late-1',
      });
      expect(lines.find((l) => l.reqId === 'late-1' && l.code === 'unavailable')).toMatchObject({
        level: 'warn',
      });
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('an idle keep-alive connection is closed when the instance stops, not left to time out', async () => {
    const t = await TestApp.start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, t.baseUrl, '/health/live');
      expect(first.headers.connection).toBe('keep-alive');
      const socket = Object.values(agent.freeSockets).flat()[0]!;
      const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
      const started = Date.now();
      await gracefulShutdown(t.app, { shutdownDelay: 0.2, shutdownTimeout: 10 }, createLogger('silent'));
      expect((await closed) - started).toBeLessThan(2000);
    } finally {
      agent.destroy();
      await t.close().catch(() => undefined);
    }
  });
});
