import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Query } from 'pg';
import type { QueryResult, QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';
import { APP_CONFIG, AppConfig, isConnectionLost, isTransactionConflict } from '@app/core';
import { DatabasePool, NOT_SENT } from './database-pool';

/** One SQL statement: text with $n parameters, its values, and — on hot paths — a prepared-statement name. */
export interface SqlStatement {
  text: string;
  values?: unknown[];
  /**
   * Makes it a named prepared statement (parsed and planned once per connection). Worth it only on the
   * per-request reads: the same one-row read costs ~50 µs more client CPU through TypeORM's QueryBuilder
   * and ~70 µs through findOneBy (`node bench/micro/prepared-vs-typeorm.js`, bench/README.md). Not
   * available inside a transaction's manager. Ignored when DATABASE_PREPARED_STATEMENTS=false (behind a
   * transaction-mode pooler a named statement lives on whichever server connection parsed it).
   */
  name?: string;
  /**
   * Running it twice has the effect of running it once (an UPDATE that sets fixed values, a DELETE by
   * key): after a lost connection it is retried like a read, even though it writes.
   */
  idempotent?: boolean;
}

/**
 * A read is a statement that changes nothing, so running it twice is harmless: it begins with SELECT
 * and takes no lock or sequence value (a session advisory lock taken on the retry's connection would
 * outlive the request). Only asked after a failure, never on the hot path.
 */
export function isRead(text: string): boolean {
  return (
    /^\s*SELECT\b/i.test(text) &&
    !/\b(pg_advisory\w*|pg_try_advisory\w*|nextval|setval)\s*\(|\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i.test(
      text,
    )
  );
}

/**
 * No connection could be opened within connectionTimeoutMillis (5 s): the server is unreachable, not a
 * connection lost under us. A retry would wait as long again before the same 503.
 */
function connectTimedOut(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' && /connection timeout|timeout exceeded when trying to connect/.test(message)
  );
}

/** The error proves the statement never left this process (no connection, or one known dead before sending). */
function neverSent(error: unknown): boolean {
  const e = error as { [NOT_SENT]?: boolean; message?: unknown } | null;
  if (e?.[NOT_SENT]) return true;
  return (
    typeof e?.message === 'string' &&
    (e.message.includes('Client has encountered a connection error and is not queryable') ||
      e.message.includes('Client was closed and is not queryable'))
  );
}

export interface SqlResult<T> {
  rows: T[];
  /** Rows inserted, updated, deleted or selected. */
  rowCount: number;
}

/**
 * The one way repositories run hand-written SQL: typed rows and a row count, the same shape on the pool
 * and inside a transaction (TypeORM's raw `query()` answers rows for a SELECT but `[rows, count]` for an
 * UPDATE or DELETE … RETURNING, which callers used to untangle with casts).
 */
@Injectable()
export class Sql {
  private readonly prepared: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.prepared = config.databasePreparedStatements;
  }

  private get pool(): DatabasePool {
    return (this.dataSource.driver as PostgresDriver).master as DatabasePool;
  }

  /** Runs the statement on the pool, or on `tx` (a transaction's manager) when given. */
  async run<T extends QueryResultRow = QueryResultRow>(
    statement: SqlStatement,
    tx?: EntityManager,
  ): Promise<SqlResult<T>> {
    if (tx) {
      if (!tx.queryRunner) throw new Error('Sql.run: a transaction manager was expected');
      // A named statement goes to node-postgres as a { name, text } config, which TypeORM passes through:
      // prepared once per connection, as on the pool (the outbox's and the webhook sink's statements in
      // every transaction that writes an event).
      const text =
        statement.name && this.prepared
          ? ({ name: statement.name, text: statement.text } as unknown as string)
          : statement.text;
      const result = (await tx.queryRunner.query(text, statement.values ?? [], true)) as {
        records: T[];
        affected?: number;
      };
      return { rows: result.records ?? [], rowCount: result.affected ?? result.records?.length ?? 0 };
    }
    try {
      return await this.onPool<T>(statement);
    } catch (error) {
      // A deadlock victim (or serialization failure): the server rolled the statement back whole, so
      // it runs once more, read or write (a second conflict is the caller's 503).
      if (isTransactionConflict(error)) return this.onPool<T>(statement);
      // A connection lost under the statement (terminated, restarted, failed over, closed while idle
      // and not yet noticed): the pool now opens new connections in place of the old ones, and a read
      // runs once more on one of them. A write runs again only if it provably never reached the server;
      // otherwise it may have committed before the connection went, and the caller gets 503.
      if (!isConnectionLost(error)) throw error;
      if (connectTimedOut(error)) throw this.failed(error);
      this.pool.connectionLost();
      if (!statement.idempotent && !isRead(statement.text) && !neverSent(error)) throw this.failed(error);
      return this.onPool<T>(statement).catch((again: unknown) => {
        throw isConnectionLost(again) ? this.failed(again) : again;
      });
    }
  }

  /** Reports a lost-connection failure that reaches the caller (one log line per outage), and returns it. */
  private failed(error: unknown): unknown {
    this.pool.reportFailure(error);
    return error;
  }

  private async onPool<T extends QueryResultRow>(statement: SqlStatement): Promise<SqlResult<T>> {
    // A Query built from the text (not from a config object, which pg copies property by property on
    // every call: a few µs on the per-request reads), named afterwards. The pool settles with its result.
    const query = new Query<T>(statement.text, statement.values ?? []);
    if (statement.name && this.prepared) (query as Query<T> & { name?: string }).name = statement.name;
    const result = await (this.pool.query(query) as unknown as Promise<QueryResult<T>>);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }

  /**
   * Runs a read made with TypeORM (a QueryBuilder's getRawOne, a find): retried once, on a connection
   * opened after the loss, when its connection was lost. Pass only work that writes nothing.
   */
  async read<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      if (connectTimedOut(error)) throw this.failed(error);
      this.pool.connectionLost();
      return work().catch((again: unknown) => {
        throw isConnectionLost(again) ? this.failed(again) : again;
      });
    }
  }

  async rows<T extends QueryResultRow = QueryResultRow>(
    statement: SqlStatement,
    tx?: EntityManager,
  ): Promise<T[]> {
    return (await this.run<T>(statement, tx)).rows;
  }

  /** The first row, or undefined. */
  async one<T extends QueryResultRow = QueryResultRow>(
    statement: SqlStatement,
    tx?: EntityManager,
  ): Promise<T | undefined> {
    return (await this.run<T>(statement, tx)).rows[0];
  }

  /**
   * Runs `work` in one transaction (at the given isolation level, else the server's default); pass the
   * manager it gets to run(), rows() and one().
   */
  async transaction<R>(work: (tx: EntityManager) => Promise<R>, isolation?: IsolationLevel): Promise<R> {
    const attempt = (body: (tx: EntityManager) => Promise<R>) =>
      isolation ? this.dataSource.transaction(isolation, body) : this.dataSource.transaction(body);
    let started = false;
    try {
      return await attempt((tx) => {
        started = true;
        return work(tx);
      });
    } catch (error) {
      // A deadlock victim (or serialization failure): the server rolled the whole transaction back, so
      // `work` runs once more from the start (a second conflict is the caller's 503).
      if (isTransactionConflict(error)) return attempt(work);
      if (!isConnectionLost(error)) throw error;
      if (connectTimedOut(error)) throw this.failed(error);
      this.pool.connectionLost();
      // Lost before `work` ran (on BEGIN, or acquiring the connection): nothing was written, so the
      // whole transaction runs again on a fresh connection. Lost during `work`: the server rolled it
      // back, or it committed just before the connection went; only the caller's retry can tell.
      if (started) throw this.failed(error);
      return attempt(work).catch((again: unknown) => {
        throw isConnectionLost(again) ? this.failed(again) : again;
      });
    }
  }
}
