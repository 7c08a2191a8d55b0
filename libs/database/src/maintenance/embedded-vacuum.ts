import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_LOGGER } from '@app/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { DATABASE_ENDPOINT, DatabaseEndpoint } from '../database-endpoint';
import { PeriodicSchedule, PeriodicTask } from './periodic';

/** Every hour; the first round ten minutes after start, away from the start's own work. */
export const VACUUM_INTERVAL_MS = 60 * 60_000;
const FIRST_ROUND_MS = 10 * 60_000;
/** A round that takes longer than this is logged at info (else debug): requests waited for it. */
const SLOW_ROUND_MS = 1_000;

export interface VacuumReport {
  tables: number;
  ms: number;
}

/**
 * The embedded database's autovacuum. A PostgreSQL server vacuums and analyses tables in background
 * workers; PGlite is a single backend with no workers, so autovacuum never runs there: dead rows of
 * updated and deleted rows (sessions, tokens, the job queue, purged rows) would never be reclaimed and
 * the planner would keep the statistics of an empty database. So, on the embedded database only, this
 * runs `VACUUM (ANALYZE)` over every table of the database once an hour. One table per statement: the
 * embedded server has one session, so requests wait for the statement in progress — on a one-shop
 * database a table takes milliseconds, and between two tables requests go first. (PGlite's statistics
 * of dead rows are not kept up to date, so the tables cannot be chosen the way autovacuum chooses them.)
 * A PeriodicTask: a failed round is logged and the next one tries again.
 */
@Injectable()
export class EmbeddedVacuum extends PeriodicTask {
  constructor(
    @Inject(DATABASE_ENDPOINT) private readonly endpoint: DatabaseEndpoint,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    super('vacuum', logger);
  }

  protected schedule(): PeriodicSchedule | null {
    return this.endpoint.embedded ? { firstMs: FIRST_ROUND_MS, everyMs: VACUUM_INTERVAL_MS } : null;
  }

  protected round(): Promise<VacuumReport> {
    return this.vacuumOnce();
  }

  /**
   * One round over every table of the database (the application's and the job queue's). A partitioned
   * table (the job queue's) is vacuumed through its parent, which covers every partition.
   */
  async vacuumOnce(): Promise<VacuumReport> {
    const started = Date.now();
    const tables = (await this.db.query(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'm', 'p') AND NOT c.relispartition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        ORDER BY 1`,
    )) as { name: string }[];
    // VACUUM cannot run inside a transaction: each is a statement of its own on the pool.
    for (const { name } of tables) await this.db.query(`VACUUM (ANALYZE) ${name}`);
    const report = { tables: tables.length, ms: Date.now() - started };
    this.logger[report.ms > SLOW_ROUND_MS ? 'info' : 'debug'](report, 'vacuumed the embedded database');
    return report;
  }
}
