import PgBoss from 'pg-boss';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** pg-boss's schema name; the webhooks context names its queue inside it. */
export const JOB_SCHEMA = 'pgboss';

/**
 * The background job engine's tables (pg-boss, in its own schema `pgboss`): installed by a migration like
 * every other table, so `npm run migrate` with MIGRATIONS_RUN=false on the instances covers it, and the
 * instances never run DDL of their own at start. pg-boss's construction script wraps itself in
 * BEGIN … COMMIT (with its advisory lock); migrations here all run in the one locked transaction of
 * migrate.ts, so the wrapper's BEGIN and COMMIT are taken off and the rest runs inside that transaction.
 *
 * The script is the installed pg-boss version's; a later pg-boss upgrade that changes its schema comes
 * with a migration running `PgBoss.getMigrationPlans(JOB_SCHEMA, fromVersion)` (docs/webhooks.md).
 */
export class JobQueue1795401200000 implements MigrationInterface {
  name = 'JobQueue1795401200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(withoutTransactionWrapper(PgBoss.getConstructionPlans(JOB_SCHEMA)));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SCHEMA IF EXISTS ${JOB_SCHEMA} CASCADE`);
  }
}

/** The script without its own `BEGIN;` and `COMMIT;` lines; throws if its shape is not the expected one. */
function withoutTransactionWrapper(script: string): string {
  const begin = /^\s*BEGIN;\s*$/m;
  const commit = /^\s*COMMIT;\s*$/m;
  if (!begin.test(script) || !commit.test(script)) {
    throw new Error('pg-boss construction script: expected one BEGIN; … COMMIT; wrapper');
  }
  return script.replace(begin, '').replace(commit, '');
}
