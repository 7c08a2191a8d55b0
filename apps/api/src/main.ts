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
