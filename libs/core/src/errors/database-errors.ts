/**
 * Recognises errors that mean "the database cannot be reached" (as opposed to a bad query), so the
 * edge can answer 503 `unavailable` and the process can stay up and recover on its own.
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
// SQLSTATE class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
const SQLSTATE = /^(08\d{3}|57P0[123]|53300)$/;
const MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is not established',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const err = e as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
    if (typeof err.code === 'string' && (NETWORK_CODES.has(err.code) || SQLSTATE.test(err.code))) return true;
    if (typeof err.message === 'string' && MESSAGES.some((m) => (err.message as string).includes(m)))
      return true;
    e = err.driverError ?? err.cause;
  }
  return false;
}
