'use strict';
// Starts bench/ceiling/server.js once (beside the service, on the same database and JWT key) for the
// ceiling scenarios, and stops it at the end.
const { join } = require('node:path');
const os = require('node:os');
const { rmSync } = require('node:fs');
const { startServer } = require('../../lib/server');

let started = null;

function ceiling(ctx) {
  started ??= (async () => {
    const logFile = join(os.tmpdir(), `sf-bench-ceiling-${process.pid}.log`);
    const server = await startServer({
      entry: join(__dirname, '../../ceiling/server.js'),
      logFile,
      env: {
        DATABASE_URL: ctx.databaseUrl,
        JWT_SECRET: ctx.serverEnv.JWT_SECRET,
        ISSUER: ctx.baseUrl,
        NODE_ENV: 'production',
      },
    });
    return { server, logFile };
  })();
  return started;
}

async function stopCeiling() {
  if (!started) return;
  const { server, logFile } = await started;
  started = null;
  const exit = await server.stop();
  if (!exit || exit.code === 0 || exit.signal === 'SIGTERM') rmSync(logFile, { force: true });
}

module.exports = { ceiling, stopCeiling };
