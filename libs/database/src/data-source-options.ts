import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { MIGRATIONS } from './migrations';

export interface DataSourceParams {
  url: string;
  /** The embedded PGlite serves one session: the pool must hold exactly one connection. */
  embedded: boolean;
  migrationsRun: boolean;
  /** Every entity of every context; the composition root (apps/api) lists them. */
  entities: PostgresConnectionOptions['entities'];
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
    extra: {
      max: params.embedded ? 1 : 10,
      // Fail fast while the server is unreachable (the edge answers 503) instead of queueing forever.
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      application_name: 'storefront-api',
    },
  };
}
