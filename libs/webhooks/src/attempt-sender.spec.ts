import { DnsServer } from '@app/testing';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AttemptSender } from './attempt-sender';
import { EndpointResolver } from './endpoint-resolver';

// The attempt's HTTP client against real sockets on loopback, its names answered by a DNS server here.

describe('AttemptSender', () => {
  let server: Server;
  let port: number;
  let connections = 0;
  let dns: DnsServer;
  let sender: AttemptSender;
  const health = { failed: jest.fn(), succeeded: jest.fn() };
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
    dns = await new DnsServer().start();
    dns.records.set('hooks.example.test', { a: ['127.0.0.1'] });
    dns.records.set('mixed.example.test', { a: ['93.184.215.14', '10.0.0.7'] });
    dns.records.set('mapped.example.test', { aaaa: ['::ffff:7f00:1'] });
    sender = new AttemptSender(new EndpointResolver([dns.server], health));
  });
  afterAll(async () => {
    sender.close();
    await dns.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const attempt = (url: string, allowLocal = true, timeoutMs = 1000) =>
    sender.send({
      url,
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs,
      allowLocal,
      storeId: 'store',
    });

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
    expect(outcome).toMatchObject({ statusCode: null, error: 'timeout', timedOut: true });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(290);
    expect(outcome.durationMs).toBeLessThan(1000);
  });

  it('without allowLocal: refuses http://, local IPs and names resolving to them, before any connection', async () => {
    handler = () => ({ status: 200 });
    const before = connections;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `https://localhost:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://[::127.0.0.1]:${port}/`,
      `https://[2002:7f00::1]:${port}/`,
      `https://hooks.example.test:${port}/`,
      // One local address among public ones is enough; an IPv4-mapped AAAA record too.
      `https://mixed.example.test:${port}/`,
      `https://mapped.example.test:${port}/`,
    ])
      expect([url, (await attempt(url, false)).error]).toEqual([url, 'blocked_address']);
    expect(connections).toBe(before);
  });

  it('a name resolves through the resolver and the socket connects to the address it checked', async () => {
    handler = () => ({ status: 204 });
    expect(await attempt(`http://hooks.example.test:${port}/by-name`)).toMatchObject({ statusCode: 204 });
    expect(dns.questions.some((q) => q.name === 'hooks.example.test')).toBe(true);
  });

  it('a refused connection is a connection error; a name that does not resolve is refused like a local address', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await attempt(`http://127.0.0.1:${closedPort}/`)).toMatchObject({ error: 'connection_error' });
    expect(await attempt('https://no-such-host.example.test/')).toMatchObject({
      error: 'blocked_address',
      timedOut: false,
    });
  });

  it('a name that answers too slowly fails at its own timeout, marked as timed out', async () => {
    dns.records.set('slow.example.test', { a: ['127.0.0.1'], delayMs: 3000 });
    const outcome = await attempt(`http://slow.example.test:${port}/`, true, 500);
    expect(outcome).toMatchObject({ error: 'blocked_address', timedOut: true });
    expect(outcome.durationMs).toBeLessThan(1000);
  });

  it('keeps the connection for the next attempt to the same endpoint', async () => {
    handler = () => ({ status: 204 });
    sender.close();
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
      sender.close();
      closing.closeAllConnections();
      await new Promise((resolve) => closing.close(resolve));
    }
  });
});
