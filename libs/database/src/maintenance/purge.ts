import { Inject, Injectable, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, APP_LOGGER, AppConfig } from '@app/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { PeriodicSchedule, PeriodicTask } from './periodic';

/**
 * One kind of row that stops mattering at some point. Each context owns the rules of its tables and
 * exports them; the composition root (apps/api) hands the whole list to the purge.
 */
export interface PurgeRule {
  /** For the log line. */
  name: string;
  table: string;
  /** SQL condition on the table's rows; `$1…` are the values `params` returns. */
  where: string;
  params?: (config: AppConfig) => unknown[];
}

export const PURGE_RULES = Symbol('PURGE_RULES');

/**
 * Work a round does after deleting rows, for what lives outside the database (v1.4: the objects of
 * deleted media, removed by the media context's sweeper). A provider of its own context, named by class
 * in the composition root (`DatabaseModule.forRoot`) and found when a round runs, so the database library
 * imports no context. Returns how many things it removed, for the log line.
 */
export interface PurgeSweeper {
  name: string;
  sweep(): Promise<number>;
}

export const PURGE_SWEEPERS = Symbol('PURGE_SWEEPERS');

/** Every 10 minutes; the first round a minute after start, so a restart loop does not hammer the database. */
export const PURGE_INTERVAL_MS = 10 * 60_000;
export const PURGE_FIRST_ROUND_MS = 60_000;
/** Rows per DELETE: short statements, short row locks, whatever the backlog. */
const BATCH = 1_000;
/** Any fixed 64-bit key, the same on every instance: one batch at a time across instances. */
const ADVISORY_KEY = '7423915112026110001';

export interface PurgeReport {
  /** False when another instance held the lock: this one did nothing. */
  ran: boolean;
  deleted: Record<string, number>;
}

/**
 * Deletes expired rows (OTP challenges and failures, refresh tokens, revoked-token entries, login codes,
 * social states, …) so that tables do not grow without bound. Safe with several instances: each batch
 * runs under a transaction-level advisory lock (a round that finds another instance purging when it
 * begins steps aside instead of queueing), and every DELETE is idempotent anyway. Deletes go in batches by ctid, each its own short transaction, so a large backlog never
 * becomes one long statement or transaction holding locks. A failed round is logged and
 * the next one tries again; nothing escapes the timer.
 */
@Injectable()
export class ExpiredRowsPurge extends PeriodicTask {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(PURGE_RULES) private readonly rules: PurgeRule[],
    @Inject(PURGE_SWEEPERS) private readonly sweepers: Type<PurgeSweeper>[],
    private readonly modules: ModuleRef,
  ) {
    super('purge', logger);
  }

  protected schedule(): PeriodicSchedule {
    return { firstMs: PURGE_FIRST_ROUND_MS, everyMs: PURGE_INTERVAL_MS };
  }

  protected round(): Promise<PurgeReport> {
    return this.purgeOnce();
  }

  /** One round over every rule. Exposed for tests and operators. */
  async purgeOnce(): Promise<PurgeReport> {
    const deleted: Record<string, number> = {};
    // Only the round's first batch asks whether another instance is purging (and steps aside if so);
    // once this round has begun, its later batches wait their turn for the lock, so two rounds that
    // both began share the work and each reports what it deleted.
    let first = true;
    for (const rule of this.rules) {
      const params = rule.params?.(this.config) ?? [];
      let total = 0;
      for (;;) {
        const count = await this.deleteBatch(rule, params, first);
        if (count === null) return { ran: false, deleted: {} };
        first = false;
        total += count;
        if (count < BATCH) break;
      }
      deleted[rule.name] = total;
    }
    // After the rows: a sweeper's trash is filled by the deletions above (an abandoned upload's object).
    for (const type of this.sweepers) {
      const sweeper = this.modules.get(type, { strict: false });
      deleted[sweeper.name] = await sweeper.sweep();
    }
    if (Object.values(deleted).some((n) => n > 0)) this.logger.info({ deleted }, 'purged expired rows');
    return { ran: true, deleted };
  }

  /**
   * One batch in a transaction of its own, under a transaction-level advisory lock: the lock ends with
   * the transaction, so it can never be left behind on a connection — which a session-level lock would
   * be behind a transaction-mode pooler (PgBouncer hands the unlock to another server connection).
   * With `tryOnly`, null when another instance holds the lock; else it waits for it (bounded by the
   * statement timeout).
   */
  private deleteBatch(rule: PurgeRule, params: unknown[], tryOnly: boolean): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      if (tryOnly) {
        const [{ locked }] = (await tx.query(`SELECT pg_try_advisory_xact_lock($1::bigint) AS locked`, [
          ADVISORY_KEY,
        ])) as { locked: boolean }[];
        if (!locked) return null;
      } else {
        await tx.query(`SELECT pg_advisory_xact_lock($1::bigint)`, [ADVISORY_KEY]);
      }
      const [, count] = (await tx.query(
        `DELETE FROM ${rule.table} WHERE ctid IN (
           SELECT ctid FROM ${rule.table} WHERE ${rule.where} LIMIT ${BATCH})`,
        params,
      )) as [unknown, number];
      return count;
    });
  }
}
