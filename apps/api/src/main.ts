// First: tracing must start before pg, http or fastify is loaded (apps/api/src/tracing.ts).
import './tracing';
import 'reflect-metadata';
import { ConfigError, createLogger, loadConfig, terminalDestination } from '@app/core';
import { createApp } from './bootstrap';
import { exitOnSignals } from './shutdown';

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
  const logger = createLogger(config.logLevel, terminalDestination(config));
  const app = await createApp(config, logger);
  // SIGTERM/SIGINT: drain the way a load balancer in front survives (readiness 503 at once, serve with
  // Connection: close for SHUTDOWN_DELAY, then stop accepting and let in-flight requests finish), run
  // the modules' shutdown hooks (the database pool, the embedded server), then exit 0.
  exitOnSignals(app, config, logger);
  await app.listen({ port: config.port, host: config.host });
  // The one line a newcomer looks for: where the API, the console and the API's documentation are.
  logger.info(
    {
      url: config.publicUrl,
      console: `${config.publicUrl}/console`,
      docs: `${config.publicUrl}/docs`,
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
