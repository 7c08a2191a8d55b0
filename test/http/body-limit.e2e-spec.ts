import { TestApp } from '@app/testing/test-app';
import { connect } from 'node:net';

/**
 * A body over the 100 KiB limit always gets its 413, however it is sent: the answer goes out while the
 * client is still sending, so the server must neither reset the connection under it (closing a socket
 * with unread bytes makes the kernel send a RST, which can discard the 413 before the client reads it)
 * nor read forever. It reads on and throws away up to a bound after answering, then closes.
 */

interface Exchange {
  /** Everything the server sent. */
  received: string;
  /** The socket error the client met (EPIPE, ECONNRESET), or null: the connection ended cleanly. */
  error: string | null;
  /** Bytes of the body written before the connection ended… */
  written: number;
  /** …of this many meant to be sent. */
  total: number;
}

/**
 * POSTs `total` bytes of JSON-looking body over a raw socket, `chunk` bytes at a time with `pauseMs`
 * between writes (0: as fast as the socket takes them); declared by Content-Length, or chunked.
 * Resolves once the server has ended the connection and the client has read all it sent.
 */
function send(
  baseUrl: string,
  options: { total: number; chunk: number; pauseMs: number; chunked?: boolean },
): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    // Half-open allowed: the server's FIN (after its answer) does not end our side; we go on sending.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let received = '';
    let written = 0;
    let error: string | null = null;
    let writing = true;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    // Like most HTTP clients, it goes on sending the body after the server's answer and FIN: only an
    // error on the connection stops it.
    socket.on('end', () => undefined);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? 'error';
      writing = false;
    });
    socket.on('close', () => resolve({ received, error, written, total: options.total }));
    const sendAll = async () => {
      const framing = options.chunked
        ? 'Transfer-Encoding: chunked\r\n'
        : `Content-Length: ${options.total}\r\n`;
      socket.write(
        `POST /v1/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n${framing}\r\n`,
      );
      const piece = Buffer.alloc(options.chunk, 'x');
      while (writing && written < options.total) {
        const data = options.chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        const flushed = socket.write(data);
        written += piece.length;
        if (options.pauseMs > 0) await new Promise((r) => setTimeout(r, options.pauseMs));
        else if (!flushed) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      if (writing && options.chunked) socket.write('0\r\n\r\n');
      // The whole body is out: wait for the server's answer and its FIN (half-close from our side).
      if (writing) socket.end();
    };
    socket.on('connect', () => void sendAll());
  });
}

function expect413(exchange: Exchange) {
  expect(exchange.received).toMatch(/^HTTP\/1\.1 413 /);
  expect(exchange.received).toMatch(/\r\ncontent-type: application\/problem\+json/i);
  const body = JSON.parse(exchange.received.slice(exchange.received.indexOf('\r\n\r\n') + 4));
  expect(body).toMatchObject({ status: 413, code: 'payload_too_large' });
  // The server ends the connection after a body it refused (it does not read the rest as a request).
  expect(exchange.received).toMatch(/\r\nconnection: close\r\n/i);
}

describe('bodies over the limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  it('declared too large, sent as fast as possible: the client reads the 413 and a clean end every time', async () => {
    // Ten times over, several at once: the failure this guards against was intermittent. 768 KiB: more
    // than the kernel's buffers take in at once, less than the bound the server reads on.
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => send(t.baseUrl, { total: 768 * 1024, chunk: 16 * 1024, pauseMs: 0 })),
    );
    for (const run of runs) {
      expect413(run);
      // The server read the rest and ended the connection: no EPIPE or ECONNRESET while sending.
      expect([run.error, run.written]).toEqual([null, run.total]);
    }
  });

  it('declared too large, sent slowly: the 413 comes at once and the connection is closed cleanly', async () => {
    const run = await send(t.baseUrl, { total: 200 * 1024, chunk: 8 * 1024, pauseMs: 20 });
    expect413(run);
    expect([run.error, run.written]).toEqual([null, 200 * 1024]);
  });

  it('chunked, found too large only while reading: the client reads the 413', async () => {
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(t.baseUrl, { total: 320 * 1024, chunk: 16 * 1024, pauseMs: 0, chunked: true }),
      ),
    );
    for (const run of runs) {
      expect413(run);
      expect([run.error, run.written]).toEqual([null, run.total]);
    }
  });

  it('a huge body: read and thrown away only up to a bound, then the connection is closed', async () => {
    const run = await send(t.baseUrl, { total: 64 * 1024 * 1024, chunk: 64 * 1024, pauseMs: 0 });
    expect413(run);
    // The server stopped reading after its bound (1 MiB, 5 s), long before the 64 MiB were sent: the
    // client's next writes failed.
    expect(run.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(run.written).toBeLessThan(16 * 1024 * 1024);
  });

  it('the server still answers after all of that', async () => {
    expect((await t.get('/health/live')).status).toBe(200);
  });
});
