// First: tracing must start before pg, http or fastify is loaded (apps/api/src/tracing.ts).
import './tracing';
import 'reflect-metadata';
import { ConfigError, createLogger, loadConfig } from '@app/core';
import { createApp } from './bootstrap';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const app = await createApp(config, logger);
  // SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (Fastify's close waits
  // for them), run the modules' shutdown hooks (the database pool, the embedded server), then exit 0.
  // A signal may arrive more than once (npm, a process manager and `npm start`'s launcher all forward
  // it): the first starts the shutdown, the others must not fall back to the default (instant) exit.
  let shuttingDown = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (shuttingDown) return;
      shuttingDown = true;
      logger.info({ signal }, 'shutting down');
      app.close().then(
        () => {
          logger.info('shut down cleanly');
          process.exit(0);
        },
        (error: Error) => {
          logger.error({ err: { message: error.message } }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      url: config.publicUrl,
      port: config.port,
      database: config.databaseUrl ? 'postgres' : `embedded (${config.dataDir})`,
    },
    'Storefront API listening',
  );
}

main().catch((error: Error) => {
  console.error(`Startup failed: ${error.message}`);
  process.exit(1);
});
