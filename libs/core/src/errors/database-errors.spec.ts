import { isConnectionLost, isDatabaseUnavailable, isTransactionConflict } from './database-errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** TypeORM's QueryFailedError keeps the driver's error under driverError. */
const wrapped = (error: unknown) => Object.assign(new Error('query failed'), { driverError: error });

describe('database errors', () => {
  it('a lost connection: network codes, class 08, terminations and server-side timeouts, the driver’s messages', () => {
    for (const error of [
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P05', 'terminating connection due to idle-session timeout'),
      pgError('25P03'),
      pgError('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Client was closed and is not queryable'),
      wrapped(pgError('57P01')),
      // TypeORM's runner, released because its connection failed between two statements.
      Object.assign(new Error('Query runner already released. Cannot run queries anymore.'), {
        name: 'QueryRunnerAlreadyReleasedError',
      }),
    ]) {
      expect({
        error: String(error),
        lost: isConnectionLost(error),
        unavailable: isDatabaseUnavailable(error),
      }).toEqual({
        error: String(error),
        lost: true,
        unavailable: true,
      });
    }
  });

  it('a server that cannot take the statement is unavailable, but nothing was lost: no retry', () => {
    for (const error of [
      pgError('57014', 'canceling statement due to statement timeout'),
      pgError('53300'),
      pgError('57P03'),
      new Error('Cannot use a pool after calling end on the pool'),
    ]) {
      expect([String(error), isConnectionLost(error), isDatabaseUnavailable(error)]).toEqual([
        String(error),
        false,
        true,
      ]);
    }
  });

  it('a bad query is neither', () => {
    for (const error of [
      pgError('23505'),
      pgError('42P05', 'prepared statement "x" already exists'),
      new Error('boom'),
    ]) {
      expect([isConnectionLost(error), isDatabaseUnavailable(error)]).toEqual([false, false]);
    }
  });

  it('a deadlock victim or serialization failure is a conflict (retried once), then unavailable; nothing else is', () => {
    for (const error of [pgError('40P01', 'deadlock detected'), wrapped(pgError('40001'))])
      expect([String(error), isTransactionConflict(error), isDatabaseUnavailable(error)]).toEqual([
        String(error),
        true,
        true,
      ]);
    for (const error of [pgError('23505'), pgError('57014'), pgError('57P01'), new Error('x')])
      expect([String(error), isTransactionConflict(error)]).toEqual([String(error), false]);
  });
});
