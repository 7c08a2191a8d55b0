import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, APP_LOGGER, AppConfig, errorForLog } from '@app/core';
import { Sql } from '@app/database';
import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { Batcher } from './batcher';
import { closeAttemptConnections } from './webhook-sender';
import { DataSource, EntitySubscriberInterface, EntityManager, TransactionCommitEvent } from 'typeorm';

/** The pg-boss queue of webhook attempts (created by the Webhooks migration). */
export const ATTEMPT_QUEUE = 'webhook-attempt';
/** pg-boss's schema (the JobQueue migration installs it). */
const JOB_SCHEMA = 'pgboss';

/** One scheduled attempt of one delivery. */
export interface AttemptJob {
  deliveryId: string;
  /** The delivery's job sequence number when this job was queued: a newer one makes this job stale. */
  seq: number;
  /** An owner's explicit request (the test event, a retry): made even while the endpoint is disabled. */
  manual: boolean;
  /** After a failed manual attempt, whether the retry schedule goes on (the delivery was still pending). */
  resume: boolean;
}

/**
 * How often an idle instance looks for due attempts. Wake-ups make it faster where it matters: the
 * instance whose transaction queued an attempt is woken right after the commit (below), so a first
 * attempt starts at once; polling only finds retries coming due and work queued by other instances.
 */
const POLL_MS = 1000;
/**
 * The embedded database belongs to one process, which queued every job itself: it needs no polling for
 * other instances' work and wakes itself by timers (below) instead. Its rare look-ups and pg-boss's
 * maintenance every minute leave the single pooled connection idle between them, so the pool's idle
 * timeout still closes it (a connection held busy forever would keep that path from ever running).
 */
const EMBEDDED_POLL_MS = 60_000;
/**
 * Attempts one instance makes at once. An attempt is network wait, not CPU, and holds no database
 * connection while it waits, so many fit; each lasts WEBHOOK_TIMEOUT at most, so slow endpoints can
 * hold at most this many slots for that long (docs/webhooks.md: head-of-line blocking).
 */
const CONCURRENCY = 128;
/**
 * With every slot taken, the dispatch loop looks for more jobs once this many are free again, not at each
 * freed slot: one fetch then takes a batch (and its targets are read in one statement), instead of one
 * fetch per job — the difference between a statement per batch and a few per delivery at full load.
 */
const REFILL_AT = CONCURRENCY / 2;
/**
 * Fetches start at most this often while commits keep waking the loop: under load each fetch then takes
 * the jobs of every commit since the last one (a batch, read and booked with one statement each), rather
 * than one job per commit at several statements each. An idle instance fetches at its first wake-up, so a
 * lone change is attempted at once; under load this adds at most this much to commit → first attempt.
 */
const MIN_FETCH_GAP_MS = 50;
/** pg-boss's maintenance (among others: re-queueing jobs whose worker died) runs this often, on one instance. */
const MAINTENANCE_SECONDS = 10;
/**
 * How long past WEBHOOK_TIMEOUT a taken job may stay unfinished before pg-boss takes its instance for
 * dead: an attempt is bounded by WEBHOOK_TIMEOUT, its bookkeeping is one short transaction.
 */
const EXPIRY_MARGIN_SECONDS = 10;
/** The mark a transaction carries when it queued attempts (TypeORM's QueryRunner.data is for this). */
const QUEUED_MARK = 'webhookAttemptsQueued';
/**
 * pg-boss's own retries of a job: they replay only a job whose instance died mid-attempt or whose
 * bookkeeping failed (the delivery's retry schedule is ours), 1 s apart.
 */
const RETRY_LIMIT = 5;
const RETRY_DELAY = 1;
/** The queue's policy (the Webhooks migration creates it so): every job is made, no singletons. */
const QUEUE_POLICY = 'standard';
/** pg-boss statement texts given a prepared statement's name at most (statement()). */
const MAX_NAMED = 64;

/** Runs a batch of attempts: one promise per job, in order, settled when that attempt is booked. */
type AttemptHandler = (jobs: AttemptJob[]) => Promise<void>[];

/**
 * The webhook attempt queue on pg-boss (a PostgreSQL job engine: jobs are rows, taken with FOR UPDATE
 * SKIP LOCKED, so with several instances on one database each job is made by one of them).
 *
 * - Enqueue happens in the caller's transaction (pg-boss's insert run on that transaction's
 *   connection, or, for a change's first attempts, firstAttemptsFrom() inside the statement that creates
 *   the deliveries): a job exists exactly when the change that caused it committed.
 * - One dispatch loop per instance fetches as many due jobs as it has free slots (one statement), and
 *   runs each attempt on its own: an attempt never waits for another. Finished jobs are deleted in
 *   batches (one statement for all those finished meanwhile).
 * - A job whose instance died mid-attempt (crash, SIGKILL) stays `active` until its expiry —
 *   WEBHOOK_TIMEOUT + 10 s — and pg-boss's maintenance (every 10 s, on one instance) then puts it back;
 *   so it is made again at most WEBHOOK_TIMEOUT + 10 + 10 + 1 (retry delay) + 1 (poll) seconds after an
 *   instance is running (within the promised WEBHOOK_TIMEOUT + 60 s).
 * - pg-boss talks to the database through the application's own pool (Sql): no second pool, which is
 *   what lets it run on the embedded PGlite (a single session behind one connection), and no
 *   LISTEN/NOTIFY, which a transaction-mode pooler (PgBouncer) cannot carry.
 */
@Injectable()
export class DeliveryQueue
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown, EntitySubscriberInterface
{
  private readonly boss: PgBoss;
  private handler: AttemptHandler | null = null;
  /** pg-boss is started (enqueue and maintenance work). */
  private started = false;
  /** The dispatch loop runs: this instance makes attempts (WEBHOOK_DELIVERY). */
  private running = false;
  private inFlight = new Set<Promise<void>>();
  private wake: (() => void) | null = null;
  private woken = false;
  private loopDone: Promise<void> | null = null;
  /** The embedded database: one process, no other instance (docs/webhooks.md). */
  private readonly single: boolean;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** pg-boss's statement texts: null once seen, then their prepared statement's name (statement()). */
  private readonly texts = new Map<string, string | null>();
  /**
   * A finished job is deleted, not marked complete: the delivery's rows are its record, and a completed job
   * would cost an UPDATE now, then a move to pg-boss's archive and a delete from there (three writes
   * instead of one, for every attempt). A crash before this delete leaves the job active; pg-boss puts it
   * back after its expiry and the worker finds it stale (its delivery settled or rescheduled) and skips it.
   */
  private readonly finished = new Batcher<string>(async (ids) => {
    await this.boss.deleteJob(ATTEMPT_QUEUE, ids);
  });

  constructor(
    private readonly sql: Sql,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.single = config.databaseUrl === null;
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.sql.run(this.statement(text, values)) },
      schema: JOB_SCHEMA,
      // The schema is a migration's (JobQueue); the instances only check its version.
      migrate: false,
      // No cron: nothing here is scheduled by time of day.
      schedule: false,
      // On a server, pg-boss's own timer (one instance per round); on the embedded database, ours (below).
      supervise: !this.single,
      maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
      // A finished job is deleted (`finished`, above): the delivery's rows are the record, so none is
      // completed. A failed job (its bookkeeping failed every retry) is archived after an hour, for an
      // operator's look, and the archive is dropped after an hour.
      archiveCompletedAfterSeconds: 60,
      archiveFailedAfterSeconds: 3600,
      deleteAfterHours: 1,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error: unknown) =>
      this.logger.warn({ err: errorForLog(error) }, 'webhook job engine error'),
    );
  }

  onModuleInit(): void {
    // Told of every commit, to wake the dispatch loop when the transaction queued attempts.
    this.dataSource.subscribers.push(this);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const data = event.queryRunner.data as Record<string, unknown>;
    if (data[QUEUED_MARK] && !event.queryRunner.isTransactionActive) {
      delete data[QUEUED_MARK];
      this.nudge();
    }
  }

  /** What runs each attempt (the worker registers itself). */
  setHandler(handler: AttemptHandler): void {
    this.handler = handler;
  }

  /**
   * Queues attempts in the caller's transaction, `delaySeconds` from now (0: as soon as it commits).
   * The job's expiry bounds an attempt cut off by a crash (above); its pg-boss retries only replay such
   * a job (or one whose bookkeeping failed) — the delivery's own retry schedule is ours.
   */
  async enqueue(tx: EntityManager, jobs: AttemptJob[], delaySeconds = 0): Promise<void> {
    if (jobs.length === 0) return;
    // Seconds as an interval text: added to the database's now(), so instances' clocks never matter.
    const startAfter = String(Math.max(0, delaySeconds));
    await this.boss.insert(
      jobs.map((data) => ({
        name: ATTEMPT_QUEUE,
        data,
        startAfter,
        expireInSeconds: this.expireInSeconds(),
        retryLimit: RETRY_LIMIT,
        retryDelay: RETRY_DELAY,
      })) as PgBoss.JobInsert[],
      {
        db: {
          executeSql: (text: string, values?: unknown[]) => this.sql.run(this.statement(text, values), tx),
        },
      } as never,
    );
    this.markQueued(tx);
    // A later attempt: this instance looks for it when it comes due (a rolled-back one costs one empty fetch).
    if (delaySeconds > 0) this.wakeIn(delaySeconds * 1000 + 50);
  }

  /**
   * An INSERT of the first attempt's pg-boss job for each row of `source` (the name of a WITH query that
   * returns new deliveries' `id`s), due at once. It lets the change's transaction create its deliveries
   * and their jobs in ONE statement, where pg-boss's own insert() would be a second round trip carrying a
   * long statement (a CTE over a JSON array, joined to the queue's settings) for every change that has a
   * subscriber. The row is the one that insert() writes for enqueue()'s options — the same columns and
   * values, the queue's policy included (test/webhooks/webhooks.e2e-spec.ts compares the two rows, so a
   * pg-boss upgrade that changes its table fails there, not in production).
   */
  firstAttemptsFrom(source: string): string {
    if (!/^[a-z_]+$/.test(source)) throw new Error(`not a WITH query name: ${source}`);
    return `INSERT INTO ${JOB_SCHEMA}.job (name, data, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
            SELECT '${ATTEMPT_QUEUE}',
                   jsonb_build_object('deliveryId', ${source}.id, 'seq', 1, 'manual', false, 'resume', false),
                   interval '${this.expireInSeconds()} seconds', now() + interval '14 days', ${RETRY_LIMIT}, ${RETRY_DELAY}, false, '${QUEUE_POLICY}'
              FROM ${source}`;
  }

  /** The caller's transaction queued attempts with firstAttemptsFrom(): its commit wakes the dispatch loop. */
  markQueued(tx: EntityManager): void {
    if (tx.queryRunner) (tx.queryRunner.data as Record<string, unknown>)[QUEUED_MARK] = true;
  }

  private expireInSeconds(): number {
    return Math.trunc(this.config.webhookTimeout) + EXPIRY_MARGIN_SECONDS;
  }

  /**
   * pg-boss's statement, named (a prepared statement) once its text has come twice: its insert, fetch and
   * delete are long statements whose parsing and planning cost PostgreSQL more than running them (about
   * half of the insert's ~650 µs), and they come with every delivery. Texts seen once stay unnamed, and
   * at most MAX_NAMED are named, so a statement built per call could never pile up prepared statements.
   */
  private statement(text: string, values?: unknown[]): { text: string; values?: unknown[]; name?: string } {
    const seen = this.texts.get(text);
    if (seen === undefined) {
      if (this.texts.size < MAX_NAMED) this.texts.set(text, null);
      return { text, values };
    }
    if (seen === null) {
      const name = `pgboss_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      this.texts.set(text, name);
      return { text, values, name };
    }
    return { text, values, name: seen };
  }

  /** Looks for due jobs after `ms` (a timer that never keeps the process alive). */
  private wakeIn(ms: number): void {
    if (!this.running) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.nudge();
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * The embedded database's maintenance (pg-boss's own, run by our timer): re-queues a job orphaned by a
   * crash once its expiry has passed, archives finished jobs. Jobs put back become due after pg-boss's
   * retry delay (1 s).
   */
  private async maintainEmbedded(): Promise<void> {
    try {
      await this.boss.maintain();
      this.nudge();
      this.wakeIn(1100);
    } catch (error) {
      this.logger.warn({ err: errorForLog(error) }, 'webhook job maintenance failed');
    }
  }

  /** Look for due jobs now (after a commit that queued some, or a freed slot). */
  nudge(): void {
    this.woken = true;
    this.wake?.();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // WEBHOOK_DELIVERY=false: this instance queues the attempts of the changes it commits and takes none;
    // the instances that deliver find them by their poll (docs/webhooks.md: delivery-only instances).
    // pg-boss's maintenance still runs here too (one instance at a time), so crash recovery never
    // depends on which instances deliver.
    if (!this.config.webhookDelivery) return;
    this.running = true;
    this.loopDone = this.loop();
    if (this.single) {
      // Only this process uses the embedded database, so any job still active is an orphan of a crash:
      // once its expiry (WEBHOOK_TIMEOUT + 10 s from when it was taken) has surely passed, maintenance
      // puts it back; after that, once a minute.
      const first = setTimeout(
        () => {
          this.timers.delete(first);
          void this.maintainEmbedded();
          const every = setInterval(() => void this.maintainEmbedded(), EMBEDDED_POLL_MS);
          every.unref();
          this.timers.add(every);
        },
        (this.config.webhookTimeout + EXPIRY_MARGIN_SECONDS + 1) * 1000,
      );
      first.unref();
      this.timers.add(first);
    }
  }

  /**
   * Stops taking jobs and lets the attempts in flight finish (each is bounded by WEBHOOK_TIMEOUT), before
   * the database pool closes (beforeApplicationShutdown runs ahead of the data source's own shutdown).
   * A job not finished here stays active and is taken again after its expiry.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.running = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.nudge();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
    closeAttemptConnections();
    await this.boss.stop({ graceful: false, close: false, wait: true });
  }

  private async loop(): Promise<void> {
    let lastFetch = 0;
    while (this.running) {
      const gap = lastFetch + MIN_FETCH_GAP_MS - Date.now();
      if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
      lastFetch = Date.now();
      this.woken = false;
      const free = CONCURRENCY - this.inFlight.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await this.boss.fetch<AttemptJob>(ATTEMPT_QUEUE, { batchSize: free });
          fetched = jobs?.length ?? 0;
          if (fetched > 0) this.run(jobs);
        } catch (error) {
          this.logger.warn({ err: errorForLog(error) }, 'webhook job fetch failed');
        }
      }
      // A full batch may mean more are due: look again at once. Otherwise wait for a wake-up or the poll.
      if (fetched > 0 && fetched === free) continue;
      if (!this.running) break;
      if (this.woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.single ? EMBEDDED_POLL_MS : POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private run(jobs: PgBoss.Job<AttemptJob>[]): void {
    const handler = this.handler;
    let attempts: Promise<void>[];
    try {
      if (!handler) throw new Error('no webhook attempt handler');
      attempts = handler(jobs.map((job) => job.data));
    } catch (error) {
      attempts = jobs.map(() => Promise.reject(error));
    }
    jobs.forEach((job, i) => this.track(job, attempts[i]));
  }

  private track(job: PgBoss.Job<AttemptJob>, attempt: Promise<void>): void {
    const work = (async () => {
      try {
        await attempt;
        await this.finished.add(job.id);
      } catch (error) {
        this.logger.warn(
          { err: errorForLog(error), deliveryId: job.data.deliveryId },
          'webhook attempt job failed',
        );
        await this.boss
          .fail(ATTEMPT_QUEUE, job.id, { message: (error as Error)?.message })
          .catch(() => undefined);
        // pg-boss makes it due again after its retry delay (1 s).
        this.wakeIn(1100);
      }
    })();
    this.inFlight.add(work);
    void work.finally(() => {
      this.inFlight.delete(work);
      if (this.inFlight.size === REFILL_AT) this.nudge();
    });
  }
}
