import { connect as netConnect } from 'node:net';
import * as pg from 'pg';

/**
 * How DATABASE_STATEMENT_TIMEOUT reaches the statements (docs/reliability.md, "Statement timeout"):
 *
 * - `startup`: as the `statement_timeout` startup parameter of every connection — PostgreSQL applies it
 *   to every statement of the session at no cost. What a server, and a pooler that passes the parameter
 *   on, gets.
 * - `server`: a pooler refused the parameter (stock PgBouncer: "unsupported startup parameter"), but the
 *   server already applies this very timeout to the sessions it opens (the role's or the database's
 *   setting, PgBouncer's `connect_query`): nothing to add.
 * - `client`: a pooler refused the parameter and the server has another timeout (or none). In
 *   transaction mode each statement may run on any server connection, so no session setting can be
 *   relied on, and a `SET LOCAL` would need a transaction — and a round trip — around every statement.
 *   Instead this process cancels a statement itself when it runs past the timeout, with PostgreSQL's
 *   CancelRequest sent through the pooler (which forwards it to the server connection the statement runs
 *   on): the same SQLSTATE 57014 and the same 503 as the server's own timeout, and a timer per
 *   statement instead of a round trip (measured: bench/micro/statement-timeout-pooler.js).
 */
export type StatementTimeoutRoute = 'startup' | 'server' | 'client';

/** PgBouncer's refusal of a startup parameter it does not track (SQLSTATE 08P01). */
function refusedParameter(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /unsupported startup parameter/i.test(message);
}

/**
 * Finds the route for `timeoutMs` by connecting once: with the startup parameter, and when a pooler
 * refuses it, without it, reading the timeout the server then applies.
 */
export async function statementTimeoutRoute(
  config: pg.ClientConfig,
  timeoutMs: number,
): Promise<{ route: StatementTimeoutRoute; serverMs?: number }> {
  const probe = new pg.Client({ ...config, statement_timeout: timeoutMs });
  try {
    await probe.connect();
    return { route: 'startup' };
  } catch (error) {
    // Anything else (the server is not up yet…) is the data source's to meet and retry, with the
    // startup parameter as usual.
    if (!refusedParameter(error)) return { route: 'startup' };
  } finally {
    await probe.end().catch(() => undefined);
  }
  const plain = new pg.Client({ ...config, statement_timeout: undefined });
  try {
    await plain.connect();
    const { rows } = await plain.query<{ ms: string }>(
      `SELECT setting AS ms FROM pg_settings WHERE name = 'statement_timeout'`,
    );
    const serverMs = Number(rows[0]?.ms ?? 0);
    return { route: serverMs === timeoutMs ? 'server' : 'client', serverMs };
  } finally {
    await plain.end().catch(() => undefined);
  }
}

/** A client of the pool whose statements are cancelled by this process past `statementTimeoutMs` (0: never). */
export interface TimedClient extends pg.Client {
  statementTimeoutMs: number;
}

export function isTimedClient(client: unknown): client is TimedClient {
  return typeof (client as TimedClient | null)?.statementTimeoutMs === 'number';
}

/**
 * PostgreSQL's CancelRequest for the statement a connection is running: sent on a new connection to the
 * same address (the pooler, which passes it to the server connection in use). Like libpq's PQcancel,
 * the connection is left for the other side to close: a pooler drops a cancel whose sender hung up
 * before it was passed on (PgBouncer 1.18: "client unexpected eof"). The answer is the cancelled
 * statement's own error, on its connection. Best effort, as everywhere in PostgreSQL.
 */
function sendCancel(client: pg.Client): void {
  const { processID, secretKey } = client as unknown as {
    processID: number | null;
    secretKey: number | null;
  };
  const { host, port } = client as unknown as { host: string; port: number };
  if (processID === null || secretKey === null) return;
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith('/') ? netConnect(`${host}/.s.PGSQL.${port}`) : netConnect(port, host);
  socket.setTimeout(CANCEL_WAIT_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.destroy());
  socket.on('connect', () => socket.write(packet));
  socket.resume();
}

/** How long a cancel request's connection waits for the other side to close it. */
const CANCEL_WAIT_MS = 5_000;

type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The pool's client class (pg-pool's `Client` option) for the `client` route: every statement gets a
 * timer, and a statement still running when it fires is cancelled as the server's statement_timeout
 * would. Covers every form of query() the pool and TypeORM use: a callback (pg-pool's query, with a
 * Query object), a promise (TypeORM), a submittable's events.
 */
export function clientWithStatementTimeout(timeoutMs: number): typeof pg.Client {
  class StatementTimedClient extends pg.Client {
    statementTimeoutMs = timeoutMs;
  }
  const query = pg.Client.prototype.query as unknown as AnyQuery;
  (StatementTimedClient.prototype as unknown as { query: unknown }).query = function (
    this: TimedClient,
    ...args: unknown[]
  ): unknown {
    if (!this.statementTimeoutMs) return query.apply(this, args);
    const timer = setTimeout(() => sendCancel(this), this.statementTimeoutMs);
    timer.unref();
    const settle = () => clearTimeout(timer);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (...result: unknown[]) => {
        settle();
        return (last as (...r: unknown[]) => unknown)(...result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      result.then(settle, settle);
    } else if (result && typeof (result as NodeJS.EventEmitter).once === 'function') {
      (result as NodeJS.EventEmitter).once('end', settle).once('error', settle);
    } else {
      settle();
    }
    return result;
  };
  return StatementTimedClient;
}
