import { DataSource, MigrationExecutor } from 'typeorm';
import { isTimedClient } from './statement-timeout';

/**
 * The advisory lock every instance takes before it looks at the migrations table. A namespaced text
 * key hashed to a bigint, like the per-address OTP locks (libs/auth), so it cannot meet another lock.
 */
export const MIGRATION_LOCK = 'storefront:migrations';

export interface MigrationOutcome {
  /** The migrations this call applied (empty when another instance had applied them already). */
  applied: string[];
  /** Milliseconds spent waiting for another instance's migration run to finish. */
  waitedMs: number;
}

/**
 * Applies the pending migrations so that instances started at the same moment on an empty database
 * never race. TypeORM's own `migrationsRun` checks for and creates the migrations table and runs the
 * migrations with no lock at all, so two instances both try `CREATE TABLE …` and one fails with
 * "already exists". Here each instance opens one transaction, takes a PostgreSQL advisory lock in it,
 * and only then reads the migrations table: one migrates while the others wait on the lock, and each
 * of them then finds nothing left to do.
 *
 * - The lock is transaction-scoped (pg_advisory_xact_lock): released by the COMMIT, or by PostgreSQL
 *   when the process dies mid-way. A transaction-mode pooler (PgBouncer) keeps one server connection
 *   for a whole transaction, whereas a session-level lock could be taken on one server connection and
 *   "released" on another there.
 * - The pending migrations run on that same connection, inside that transaction: all of them apply or
 *   none does, and the embedded PGlite — one session behind a pool of exactly one connection — needs
 *   no second connection (a lock held on one connection while the migrations wait for another would
 *   deadlock there). A migration can therefore not opt out of the transaction (`transaction = false`,
 *   e.g. for CREATE INDEX CONCURRENTLY): TypeORM refuses such a migration in this mode.
 * - statement_timeout is lifted for this transaction only (SET LOCAL): waiting for another instance's
 *   migrations, or a migration rewriting a big table, may take longer than a request's statement may.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<MigrationOutcome> {
  const runner = dataSource.createQueryRunner();
  // Behind a pooler that refused the timeout's startup parameter, this process's own timer cancels long
  // statements (statement-timeout.ts): lifted too, on this connection, until it goes back to the pool.
  const client: unknown = await runner.connect();
  const timed = isTimedClient(client) ? client : null;
  const timeoutMs = timed?.statementTimeoutMs ?? 0;
  if (timed) timed.statementTimeoutMs = 0;
  try {
    await runner.startTransaction();
    await runner.query(`SET LOCAL statement_timeout = 0`);
    const started = Date.now();
    await runner.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [MIGRATION_LOCK]);
    const waitedMs = Date.now() - started;
    const executor = new MigrationExecutor(dataSource, runner);
    executor.transaction = 'all';
    const applied = await executor.executePendingMigrations();
    await runner.commitTransaction();
    return { applied: applied.map((m) => m.name), waitedMs };
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    throw error;
  } finally {
    if (timed) timed.statementTimeoutMs = timeoutMs;
    await runner.release();
  }
}

/**
 * The database lacks migrations this build has, and this instance was told not to apply them
 * (MIGRATIONS_RUN=false): it refuses to start rather than listen on a schema it cannot use (every
 * request would fail). The message names what is missing and how to apply it.
 */
export class UnmigratedDatabaseError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `the database is missing ${pending.length} of this build's migrations (${pending.join(', ')}) and ` +
        'MIGRATIONS_RUN=false: apply them first with `npm run migrate` (or start one instance with ' +
        'MIGRATIONS_RUN=true)',
    );
    this.name = 'UnmigratedDatabaseError';
  }
}

/**
 * The names of this build's migrations that the database has not applied, in order. Reads only: no
 * migrations table is created (TypeORM's own pending-migration check would create one).
 */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const known = dataSource.migrations.map((m) => m.name ?? m.constructor.name);
  const [{ present }] = (await dataSource.query(
    `SELECT to_regclass('migrations') IS NOT NULL AS present`,
  )) as { present: boolean }[];
  if (!present) return known;
  const applied = new Set(
    ((await dataSource.query(`SELECT name FROM migrations`)) as { name: string }[]).map((r) => r.name),
  );
  return known.filter((name) => !applied.has(name));
}
