import type { Socket } from 'node:net';
import { TcpProxy } from './tcp-proxy';

/**
 * Where a connection is cut, relative to one statement (one simple Query, or one extended-protocol unit
 * Parse…Sync) of the traffic that follows `arm()`:
 *
 * - `before`: the statement never reaches the server;
 * - `sent`: it reached the server, whose answer never comes back (its outcome is unknown to the client:
 *   a COMMIT cut there may or may not have committed);
 * - `answered`: its whole answer (through ReadyForQuery) reaches the client, and the cut follows in the
 *   same packet, before the client's next statement — what a client reading a PostgreSQL restart's
 *   message together with the previous answer sees.
 */
export type CutPoint = 'before' | 'sent' | 'answered';

export interface CutReport {
  /** The statement the cut was made at (its first message's text, for a failing test's message). */
  statement: string;
  point: CutPoint;
}

/**
 * PostgreSQL's message when a fast shutdown or restart (or pg_terminate_backend) ends a session:
 * ErrorResponse, FATAL, SQLSTATE 57P01. The proxy sends it to the client before closing, as the server
 * does, so that the client sees exactly what a restart shows it.
 */
function adminShutdownMessage(): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', '57P01'],
      ['M', 'terminating connection due to administrator command'],
    ].map(([code, text]) => Buffer.from(`${code}${text}\0`, 'utf8')),
  );
  const message = Buffer.alloc(1 + 4 + fields.length + 1);
  message.write('E', 0, 'ascii');
  message.writeInt32BE(4 + fields.length + 1, 1);
  fields.copy(message, 5);
  return message;
}

/** Splits a byte stream into PostgreSQL messages: an untyped startup message first, typed ones after. */
class MessageReader {
  private buffer = Buffer.alloc(0);
  constructor(private startup: boolean) {}

  push(chunk: Buffer): { type: string; bytes: Buffer }[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const messages: { type: string; bytes: Buffer }[] = [];
    for (;;) {
      if (this.startup) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        messages.push({ type: 'startup', bytes: this.buffer.subarray(0, length) });
        this.buffer = this.buffer.subarray(length);
        // An SSLRequest (80877103) or GSSENCRequest (80877104) is followed by the real startup message.
        if (code !== 80877103 && code !== 80877104) this.startup = false;
        continue;
      }
      if (this.buffer.length < 5) break;
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) break;
      messages.push({
        type: String.fromCharCode(this.buffer[0]),
        bytes: this.buffer.subarray(0, 1 + length),
      });
      this.buffer = this.buffer.subarray(1 + length);
    }
    return messages;
  }
}

/** The text of a Query (`Q`) or Parse (`P`) message, for reports. */
function statementText(message: { type: string; bytes: Buffer }): string {
  if (message.type === 'Q') return message.bytes.subarray(5, message.bytes.length - 1).toString('utf8');
  if (message.type === 'P') {
    const body = message.bytes.subarray(5);
    const nameEnd = body.indexOf(0);
    const textEnd = body.indexOf(0, nameEnd + 1);
    return body.subarray(nameEnd + 1, textEnd).toString('utf8');
  }
  return `(${message.type})`;
}

interface Armed {
  statement: number;
  point: CutPoint;
  seen: number;
  resolve: (report: CutReport) => void;
}

/**
 * A TCP proxy in front of a PostgreSQL server that understands just enough of the wire protocol to cut
 * connections at an exact statement: `arm({ statement: n, point })` counts the statements every
 * connection sends from then on, and cuts the connection that sends the n-th one at `point` — the client
 * gets PostgreSQL's own "terminating connection due to administrator command" (FATAL 57P01) and the
 * connection closes on both sides, as in a server restart. Other connections, and new ones, pass
 * through untouched. Used to test every statement of a write against a database that goes away under it.
 */
export class PostgresCutProxy extends TcpProxy {
  private armed: Armed | null = null;

  /**
   * Cuts the connection that sends the `statement`-th statement counted from now (1 = the next one) at
   * `point`. Resolves with what was cut once it was; one cut per arm().
   */
  arm(cut: { statement: number; point: CutPoint }): Promise<CutReport> {
    return new Promise((resolve) => (this.armed = { ...cut, seen: 0, resolve }));
  }

  /** Statements counted since the last arm() (while it has not cut yet). */
  get counted(): number {
    return this.armed?.seen ?? 0;
  }

  disarm(): void {
    this.armed = null;
  }

  protected override relay(client: Socket, upstream: Socket): void {
    const fromClient = new MessageReader(true);
    const fromServer = new MessageReader(false);
    let inUnit = false;
    let cut = false;
    /** After a `sent`/`answered` cut is decided: the statement whose answer is awaited, and how. */
    let awaiting: { point: CutPoint; report: CutReport; resolve: (r: CutReport) => void } | null = null;

    const kill = (report: CutReport, resolve: (r: CutReport) => void, before?: Buffer) => {
      cut = true;
      const tail = Buffer.concat([before ?? Buffer.alloc(0), adminShutdownMessage()]);
      client.end(tail);
      upstream.destroy();
      resolve(report);
    };

    client.on('data', (chunk: Buffer) => {
      if (cut) return;
      const pass: Buffer[] = [];
      for (const message of fromClient.push(chunk)) {
        if (message.type !== 'startup' && !inUnit && message.type !== 'X') {
          inUnit = true;
          const armed = this.armed;
          if (armed && ++armed.seen === armed.statement) {
            this.armed = null;
            const report = { statement: statementText(message), point: armed.point };
            if (armed.point === 'before') {
              if (pass.length) upstream.write(Buffer.concat(pass));
              return kill(report, armed.resolve);
            }
            awaiting = { point: armed.point, report, resolve: armed.resolve };
          }
        }
        if (message.type === 'S' || message.type === 'Q') {
          inUnit = false;
          if (awaiting?.point === 'sent') {
            pass.push(message.bytes);
            upstream.write(Buffer.concat(pass));
            const { report, resolve } = awaiting;
            awaiting = null;
            // The server has the statement; the client will never hear what became of it.
            return setImmediate(() => kill(report, resolve));
          }
        }
        pass.push(message.bytes);
      }
      if (pass.length) upstream.write(Buffer.concat(pass));
    });

    upstream.on('data', (chunk: Buffer) => {
      if (cut) return;
      const pass: Buffer[] = [];
      for (const message of fromServer.push(chunk)) {
        pass.push(message.bytes);
        if (message.type === 'Z' && awaiting?.point === 'answered' && !inUnit) {
          const { report, resolve } = awaiting;
          awaiting = null;
          return kill(report, resolve, Buffer.concat(pass));
        }
      }
      if (pass.length) client.write(Buffer.concat(pass));
    });
  }
}
