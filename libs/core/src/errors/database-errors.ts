/**
 * Recognises errors that mean "the database cannot serve this now" (as opposed to a bad query), so the
 * edge can answer 503 `unavailable` with Retry-After and the process can stay up and recover on its own.
 *
 * Two kinds, because they call for different handling before that answer:
 * - the connection was lost (`isConnectionLost`): refused, reset, terminated by the server
 *   (`pg_terminate_backend`, a restart, a failover, an idle or idle-in-transaction timeout), or the
 *   driver's client already knew it was dead. The database layer retries a read once on a fresh
 *   connection before giving up (libs/database/src/sql.ts);
 * - the server is up but cannot take the statement: too many connections, "cannot connect now" while it
 *   starts, or the statement ran past `statement_timeout` and was cancelled. Never retried (a retry would
 *   only add load), answered 503 at once.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATE class 08 (connection exception), 57P01 admin shutdown (pg_terminate_backend, smart/fast
 * shutdown), 57P02 crash shutdown, 57P05 idle_session_timeout, 25P03 idle_in_transaction_session_timeout
 * (all FATAL: the server closes the connection after sending them).
 */
const LOST_SQLSTATE = /^(08\d{3}|57P0[125]|25P03)$/;
/**
 * 57P03 cannot connect now (starting up, recovering), 53300 too many connections, 57014 query cancelled
 * (statement_timeout), and a conflict that outlived its retry (`isTransactionConflict`).
 */
const BUSY_SQLSTATE = /^(57P03|53300|57014|40P01|40001)$/;
/** 40P01 deadlock detected, 40001 serialization failure: the server rolled the whole transaction back. */
const CONFLICT_SQLSTATE = /^(40P01|40001)$/;
/** What node-postgres and pg-pool say when the socket is gone; these errors carry no code. */
const LOST_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Connection is not established',
];
const GONE_MESSAGES = ['Cannot use a pool after calling end'];
/**
 * TypeORM releases a transaction's query runner the moment its connection emits `error` — which
 * node-postgres does when the connection ends, or PostgreSQL's "terminating connection" arrives, while
 * no statement is running (between two statements of a transaction, e.g. read in the same packet as the
 * previous answer during a restart). The transaction's next statement then throws this instead of a
 * driver error. Our code never uses a runner it released itself, so it means the connection was lost.
 */
const RELEASED_RUNNER = 'QueryRunnerAlreadyReleasedError';

function walk(error: unknown, test: (code: unknown, message: unknown) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (test(err.code, err.message)) return true;
    e = err.driverError ?? err.cause;
  }
  return false;
}

/** The connection under the statement was lost (or could not be opened): the server may be fine. */
export function isConnectionLost(error: unknown): boolean {
  return (
    (error as { name?: unknown } | null)?.name === RELEASED_RUNNER ||
    walk(
      error,
      (code, message) =>
        (typeof code === 'string' && (NETWORK_CODES.has(code) || LOST_SQLSTATE.test(code))) ||
        (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))),
    )
  );
}

/**
 * The server chose this transaction as the victim of a deadlock (or a serialization failure) and rolled
 * all of it back: nothing it did remains, so running it again is safe and almost always succeeds (the
 * other transaction has gone on). The database layer retries once; a second conflict answers 503.
 */
export function isTransactionConflict(error: unknown): boolean {
  return walk(error, (code) => typeof code === 'string' && CONFLICT_SQLSTATE.test(code));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return (
    isConnectionLost(error) ||
    walk(
      error,
      (code, message) =>
        (typeof code === 'string' && BUSY_SQLSTATE.test(code)) ||
        (typeof message === 'string' && GONE_MESSAGES.some((m) => message.includes(m))),
    )
  );
}
