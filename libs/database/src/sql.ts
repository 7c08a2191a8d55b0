import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Query } from 'pg';
import type { Pool, QueryResult, QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/** One SQL statement: text with $n parameters, its values, and — on hot paths — a prepared-statement name. */
export interface SqlStatement {
  text: string;
  values?: unknown[];
  /**
   * Makes it a named prepared statement (parsed and planned once per connection). Worth it only on the
   * per-request reads: the same one-row read costs ~50 µs more client CPU through TypeORM's QueryBuilder
   * and ~70 µs through findOneBy (`node bench/micro/prepared-vs-typeorm.js`, bench/README.md). Not
   * available inside a transaction's manager.
   */
  name?: string;
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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  /** Runs the statement on the pool, or on `tx` (a transaction's manager) when given. */
  async run<T extends QueryResultRow = QueryResultRow>(
    statement: SqlStatement,
    tx?: EntityManager,
  ): Promise<SqlResult<T>> {
    if (tx) {
      if (!tx.queryRunner) throw new Error('Sql.run: a transaction manager was expected');
      const result = (await tx.queryRunner.query(statement.text, statement.values ?? [], true)) as {
        records: T[];
        affected?: number;
      };
      return { rows: result.records ?? [], rowCount: result.affected ?? result.records?.length ?? 0 };
    }
    // A Query built from the text (not from a config object, which pg copies property by property on
    // every call: a few µs on the per-request reads), named afterwards. The pool settles with its result.
    const query = new Query<T>(statement.text, statement.values ?? []);
    if (statement.name) (query as Query<T> & { name?: string }).name = statement.name;
    const result = await (this.pool.query(query) as unknown as Promise<QueryResult<T>>);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
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
  transaction<R>(work: (tx: EntityManager) => Promise<R>, isolation?: IsolationLevel): Promise<R> {
    return isolation ? this.dataSource.transaction(isolation, work) : this.dataSource.transaction(work);
  }
}
