import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, Dependencies } from '@app/core';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { dataSourceOptions } from './data-source-options';
import { DATABASE_ENDPOINT, DatabaseEndpoint } from './database-endpoint';
import { startEmbeddedPostgres } from './embedded-postgres';
import { EmbeddedVacuum } from './maintenance/embedded-vacuum';
import { ExpiredRowsPurge, PURGE_RULES, PurgeRule } from './maintenance/purge';
import { Sql } from './sql';
import { runMigrationsLocked } from './migrate';

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
  ): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        DatabaseEndpointModule,
        TypeOrmModule.forRootAsync({
          imports: [DatabaseEndpointModule],
          inject: [APP_CONFIG, DATABASE_ENDPOINT, Dependencies],
          useFactory: (config: AppConfig, endpoint: DatabaseEndpoint, dependencies: Dependencies) => ({
            ...dataSourceOptions({
              url: endpoint.url,
              embedded: endpoint.embedded !== null,
              migrationsRun: config.migrationsRun,
              entities,
              statementTimeout: config.databaseStatementTimeout,
              // Connections that fail and reconnect: one log line when an outage starts, one when it ends.
              observer: dependencies.monitor('database'),
            }),
            // Boot fails after a few tries rather than hanging; at run time the pool reconnects by itself.
            retryAttempts: 3,
            retryDelay: 1000,
          }),
          // TypeORM's own migrationsRun takes no lock, so instances started together race to create the
          // same tables: connect without it, then migrate under an advisory lock (migrate.ts).
          dataSourceFactory: async (options) => {
            const { migrationsRun, ...rest } = options as PostgresConnectionOptions;
            const dataSource = await new DataSource({ ...rest, migrationsRun: false }).initialize();
            if (!migrationsRun) return dataSource;
            try {
              await runMigrationsLocked(dataSource);
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
        ExpiredRowsPurge,
        EmbeddedVacuum,
      ],
      exports: [Sql, ExpiredRowsPurge, EmbeddedVacuum],
    };
  }
}
