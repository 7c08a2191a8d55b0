import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeAttemptConnections, sendAttempt } from './webhook-sender';

// The attempt's HTTP client against real sockets on loopback.

describe('sendAttempt', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  let handler: (path: string) => { status: number; delayMs?: number; headers?: Record<string, string> };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const answer = handler(req.url ?? '/');
      req.resume();
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers);
        res.end('body');
      }, answer.delayMs ?? 0);
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    closeAttemptConnections();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const attempt = (url: string, allowLocal = true, timeoutMs = 1000) =>
    sendAttempt({ url, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs, allowLocal });

  it('answers the status; a redirect is not followed; Retry-After is read on 429/503', async () => {
    handler = () => ({ status: 204 });
    expect(await attempt(`http://127.0.0.1:${port}/ok`)).toMatchObject({ statusCode: 204, error: null });
    handler = (path) => (path === '/moved' ? { status: 302, headers: { location: '/ok' } } : { status: 200 });
    expect(await attempt(`http://127.0.0.1:${port}/moved`)).toMatchObject({ statusCode: 302 });
    handler = () => ({ status: 429, headers: { 'retry-after': '120' } });
    expect(await attempt(`http://127.0.0.1:${port}/busy`)).toMatchObject({
      statusCode: 429,
      retryAfter: 120,
    });
    handler = () => ({ status: 500, headers: { 'retry-after': '120' } });
    expect(await attempt(`http://127.0.0.1:${port}/err`)).toMatchObject({
      statusCode: 500,
      retryAfter: null,
    });
  });

  it('gives up at the timeout', async () => {
    handler = () => ({ status: 200, delayMs: 2000 });
    const outcome = await attempt(`http://127.0.0.1:${port}/slow`, true, 300);
    expect(outcome).toMatchObject({ statusCode: null, error: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(1000);
  });

  it('without allowLocal: refuses http://, local IPs and names resolving to them, before any connection', async () => {
    handler = () => ({ status: 200 });
    const before = connections;
    expect(await attempt(`http://127.0.0.1:${port}/`, false)).toMatchObject({ error: 'blocked_address' });
    expect(await attempt(`https://127.0.0.1:${port}/`, false)).toMatchObject({ error: 'blocked_address' });
    expect(await attempt(`https://localhost:${port}/`, false)).toMatchObject({ error: 'blocked_address' });
    expect(await attempt(`https://[::ffff:127.0.0.1]:${port}/`, false)).toMatchObject({
      error: 'blocked_address',
    });
    expect(connections).toBe(before);
  });

  it('a refused connection and an unknown name are connection and DNS errors', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await attempt(`http://127.0.0.1:${closedPort}/`)).toMatchObject({ error: 'connection_error' });
    expect(await attempt('https://no-such-host.invalid/')).toMatchObject({ error: 'dns_error' });
  });

  it('keeps the connection for the next attempt to the same endpoint', async () => {
    handler = () => ({ status: 204 });
    closeAttemptConnections();
    const before = connections;
    for (let i = 0; i < 5; i++)
      expect(await attempt(`http://127.0.0.1:${port}/kept`)).toMatchObject({ statusCode: 204 });
    expect(connections - before).toBe(1);
  });

  it('a kept connection the server closes while idle costs nothing: the next attempt opens a new one', async () => {
    const closing = createServer((req, res) => {
      req.resume();
      res.writeHead(204).end();
    });
    // The server drops idle connections at once: every reuse races its close.
    closing.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', () => resolve()));
    const closingPort = (closing.address() as AddressInfo).port;
    try {
      for (let i = 0; i < 20; i++) {
        expect(await attempt(`http://127.0.0.1:${closingPort}/`)).toMatchObject({
          statusCode: 204,
          error: null,
        });
        await new Promise((resolve) => setTimeout(resolve, i % 3));
      }
    } finally {
      closeAttemptConnections();
      closing.closeAllConnections();
      await new Promise((resolve) => closing.close(resolve));
    }
  });
});
