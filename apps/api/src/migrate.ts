// `npm run migrate`: applies the pending migrations and exits — a one-off job (a Kubernetes Job, a
// release phase) run from the built files, with no development dependency (no ts-node, no TypeORM
// CLI). Instances then start with MIGRATIONS_RUN=false. It takes the same advisory lock as instances
// migrating at start, so it is safe to run while instances are starting too.
//
// It reads only what it needs: DATABASE_URL (unset → the embedded database in DATA_DIR, default
// ./data) and LOG_LEVEL — no JWT_SECRET or SMTP_URL. No statement timeout applies: a migration may
// legitimately run longer than a request's statement is allowed to.
import 'reflect-metadata';
import { createLogger } from '@app/core';
import { dataSourceOptions, runMigrationsLocked, startEmbeddedPostgres } from '@app/database';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';

async function main(): Promise<void> {
  const logger = createLogger(process.env.LOG_LEVEL || 'info');
  const serverUrl = process.env.DATABASE_URL || null;
  const embedded = serverUrl ? null : await startEmbeddedPostgres(resolve(process.env.DATA_DIR || './data'));
  const dataSource = new DataSource(
    dataSourceOptions({
      url: serverUrl ?? embedded!.url,
      embedded: embedded !== null,
      migrationsRun: false,
      entities: [],
      statementTimeout: 0,
    }),
  );
  try {
    await dataSource.initialize();
    const { applied, waitedMs } = await runMigrationsLocked(dataSource);
    logger.info(
      { applied, waitedMs, database: serverUrl ? 'postgres' : 'embedded' },
      applied.length ? `applied ${applied.length} migration(s)` : 'database schema is up to date',
    );
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Migration failed: ${error.message}`);
    process.exit(1);
  },
);
