import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/** After answering a request whose body it did not read, the server reads on at most this much of it… */
export const LINGER_BYTES = 1024 * 1024;
/** …for at most this long, before it closes the connection. */
export const LINGER_MS = 5000;

const LINGERING = Symbol('lingering close');

/**
 * Lingering close, for an answer sent while the client is still sending its body — a 413 for a body over
 * the limit (or any parser error: Fastify answers those with `Connection: close`). Node would close the
 * socket as soon as the answer is written; the bytes still arriving then meet a closed socket, the kernel
 * answers them with a RST, and the client — still writing — gets EPIPE or ECONNRESET and may never read
 * the 413 waiting in its buffer. Instead the server half-closes (its FIN after the answer), reads on and
 * throws away what comes, and closes when the client has sent everything, or at LINGER_BYTES or
 * LINGER_MS, whichever comes first: a client cannot make it read a huge body for nothing.
 */
export function addLingeringClose(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket as (Socket & { [LINGERING]?: boolean }) | null;
    if (socket && !request.raw.complete && String(reply.getHeader('connection')) === 'close') {
      lingerOnClose(socket);
    }
    done(null, payload);
  });
}

/** Replaces what Node does once a `Connection: close` answer is written (destroySoon) on this socket. */
function lingerOnClose(socket: Socket & { [LINGERING]?: boolean }): void {
  if (socket[LINGERING]) return;
  socket[LINGERING] = true;
  socket.destroySoon = function lingeringClose(this: Socket) {
    let read = 0;
    const close = () => this.destroy();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    // The client's FIN: it sent everything (or gave up); nothing is left to throw away.
    this.once('end', close);
    // A 'data' listener also takes the socket back from the HTTP parser's native reading, so the
    // bytes are counted here (the parser still sees them and discards the body).
    this.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
    });
    if (this.writable) this.end();
  };
}
