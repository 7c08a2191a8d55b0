import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { pgDriverWithPool, PoolObserver } from './database-pool';
import { MIGRATIONS } from './migrations';

export interface DataSourceParams {
  url: string;
  /** The embedded PGlite serves one session: the pool must hold exactly one connection. */
  embedded: boolean;
  migrationsRun: boolean;
  /** Every entity of every context; the composition root (apps/api) lists them. */
  entities: PostgresConnectionOptions['entities'];
  /** DATABASE_STATEMENT_TIMEOUT, seconds (default 15). */
  statementTimeout?: number;
  /** Told when connections fail and when new ones open (the `database` dependency monitor). */
  observer?: PoolObserver;
}

/** One definition of the data source, shared by the Nest app and ormconfig.ts (the migration CLI). */
export function dataSourceOptions(params: DataSourceParams): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: params.url,
    entities: params.entities,
    migrations: MIGRATIONS,
    migrationsRun: params.migrationsRun,
    migrationsTransactionMode: 'each',
    migrationsTableName: 'migrations',
    synchronize: false,
    installExtensions: false,
    // gen_random_uuid() is built into PostgreSQL ≥ 13 and PGlite; uuid-ossp is in neither by default.
    uuidExtension: 'pgcrypto',
    logging: false,
    // pg with a pool that never hands out a connection opened before one was lost (database-pool.ts).
    driver: pgDriverWithPool(params.observer),
    extra: {
      max: params.embedded ? 1 : 10,
      // Fail fast while the server is unreachable (the edge answers 503) instead of queueing forever.
      connectionTimeoutMillis: 5000,
      // Idle connections are closed after 30 s; the next request opens a new one, which must and does
      // work like the first (on the embedded database too: embedded-postgres.ts).
      idleTimeoutMillis: 30_000,
      application_name: 'storefront-api',
      // The server cancels a statement running longer than this (SQLSTATE 57014, answered 503). Sent
      // as a startup parameter, so it holds for every statement of the connection with no SET to leak
      // or round trip to pay. A pooler that refuses it (a stock PgBouncer) gets another route, found at
      // start (statement-timeout.ts, database.module.ts).
      statement_timeout: (params.statementTimeout ?? 15) * 1000,
      // TCP keep-alive: a connection to a server that vanished without closing it (a failover, a cut
      // network) is detected by the kernel instead of hanging until the next statement's timeout.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
  };
}
