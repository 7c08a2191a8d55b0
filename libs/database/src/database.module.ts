import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  Type,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, APP_LOGGER, AppConfig, Dependencies } from '@app/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { dataSourceOptions } from './data-source-options';
import { DATABASE_ENDPOINT, DatabaseEndpoint } from './database-endpoint';
import { startEmbeddedPostgres } from './embedded-postgres';
import { EmbeddedVacuum } from './maintenance/embedded-vacuum';
import { ExpiredRowsPurge, PURGE_RULES, PURGE_SWEEPERS, PurgeRule, PurgeSweeper } from './maintenance/purge';
import { Sql } from './sql';
import { pendingMigrations, runMigrationsLocked, UnmigratedDatabaseError } from './migrate';
import { clientWithStatementTimeout, statementTimeoutRoute } from './statement-timeout';

/** Stops the embedded server after the data source has been closed. */
@Injectable()
class EmbeddedShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE_ENDPOINT) private readonly endpoint: DatabaseEndpoint,
    private readonly dataSource: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.endpoint.embedded) return;
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.endpoint.embedded.stop();
  }
}

/** Resolves where the database is; one instance, shared by TypeORM and the shutdown hook. */
@Module({
  providers: [
    {
      provide: DATABASE_ENDPOINT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<DatabaseEndpoint> => {
        if (config.databaseUrl) return { url: config.databaseUrl, embedded: null };
        const embedded = await startEmbeddedPostgres(config.dataDir);
        return { url: embedded.url, embedded };
      },
    },
  ],
  exports: [DATABASE_ENDPOINT],
})
class DatabaseEndpointModule {}

/**
 * DATABASE_STATEMENT_TIMEOUT through whatever is in front of the server (statement-timeout.ts): the
 * startup parameter where it is accepted; behind a pooler that refuses it (a stock PgBouncer), the
 * server's own setting when it is the same, else this process's cancel timer — said in one log line,
 * with what to set on the server to have it enforced there instead.
 */
async function routeStatementTimeout(
  options: PostgresConnectionOptions,
  config: AppConfig,
  logger: Logger,
): Promise<void> {
  const extra = options.extra as { statement_timeout?: number; Client?: unknown };
  const timeoutMs = extra.statement_timeout ?? 0;
  if (!timeoutMs) return;
  const { route, serverMs } = await statementTimeoutRoute(
    { connectionString: options.url, connectionTimeoutMillis: 5000 },
    timeoutMs,
  );
  if (route === 'startup') return;
  delete extra.statement_timeout;
  const seconds = timeoutMs / 1000;
  if (route === 'server') {
    logger.info(
      { statementTimeoutSeconds: seconds },
      'DATABASE_STATEMENT_TIMEOUT: the pooler refuses the statement_timeout startup parameter; the server applies the same timeout itself',
    );
    return;
  }
  extra.Client = clientWithStatementTimeout(timeoutMs);
  const user = decodeURIComponent(new URL(config.databaseUrl!).username || 'postgres');
  logger.info(
    { statementTimeoutSeconds: seconds, serverStatementTimeoutMs: serverMs },
    `DATABASE_STATEMENT_TIMEOUT: the pooler refuses the statement_timeout startup parameter, so this process cancels statements past ${seconds} s itself; to have the server do it, run ALTER ROLE "${user}" SET statement_timeout = '${seconds}s' (or set it on the database)`,
  );
}

@Global()
@Module({})
export class DatabaseModule {
  /**
   * DATABASE_URL → that PostgreSQL server; unset → the embedded PGlite in DATA_DIR.
   * Migrations run at start unless MIGRATIONS_RUN=false.
   */
  static forRoot(
    entities: PostgresConnectionOptions['entities'],
    purgeRules: PurgeRule[] = [],
    purgeSweepers: Type<PurgeSweeper>[] = [],
  ): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        DatabaseEndpointModule,
        TypeOrmModule.forRootAsync({
          imports: [DatabaseEndpointModule],
          inject: [APP_CONFIG, DATABASE_ENDPOINT, Dependencies, APP_LOGGER],
          useFactory: async (
            config: AppConfig,
            endpoint: DatabaseEndpoint,
            dependencies: Dependencies,
            logger: Logger,
          ) => {
            const options = dataSourceOptions({
              url: endpoint.url,
              embedded: endpoint.embedded !== null,
              migrationsRun: config.migrationsRun,
              entities,
              statementTimeout: config.databaseStatementTimeout,
              // Connections that fail and reconnect: one log line when an outage starts, one when it ends.
              observer: dependencies.monitor('database'),
            });
            if (!endpoint.embedded) await routeStatementTimeout(options, config, logger);
            return {
              ...options,
              // Boot fails after a few tries rather than hanging; at run time the pool reconnects by itself.
              retryAttempts: 3,
              retryDelay: 1000,
              // A missing migration does not appear by waiting.
              toRetry: (error: unknown) => !(error instanceof UnmigratedDatabaseError),
            };
          },
          // TypeORM's own migrationsRun takes no lock, so instances started together race to create the
          // same tables: connect without it, then migrate under an advisory lock (migrate.ts).
          dataSourceFactory: async (options) => {
            const { migrationsRun, ...rest } = options as PostgresConnectionOptions;
            const dataSource = await new DataSource({ ...rest, migrationsRun: false }).initialize();
            try {
              if (migrationsRun) await runMigrationsLocked(dataSource);
              else {
                // Not ours to migrate: refuse to start on a schema this build cannot use (docs/deployment.md).
                const pending = await pendingMigrations(dataSource);
                if (pending.length > 0) throw new UnmigratedDatabaseError(pending);
              }
            } catch (error) {
              await dataSource.destroy().catch(() => undefined);
              throw error;
            }
            return dataSource;
          },
        }),
      ],
      providers: [
        EmbeddedShutdown,
        Sql,
        { provide: PURGE_RULES, useValue: purgeRules },
        { provide: PURGE_SWEEPERS, useValue: purgeSweepers },
        ExpiredRowsPurge,
        EmbeddedVacuum,
      ],
      exports: [Sql, ExpiredRowsPurge, EmbeddedVacuum],
    };
  }
}
