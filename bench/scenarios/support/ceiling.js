'use strict';
// Starts a comparison server once (beside the service, on the same database and JWT key) for the
// scenarios that measure against it, and stops it at the end: the ceiling (bench/ceiling/server.js) and the
// peers (bench/peers/*.js).
const { join } = require('node:path');
const os = require('node:os');
const { rmSync } = require('node:fs');
const { startServer } = require('../../lib/server');

const started = new Map();

function besideServer(ctx, name, entry) {
  if (!started.has(name)) {
    started.set(
      name,
      (async () => {
        const logFile = join(os.tmpdir(), `sf-bench-${name}-${process.pid}.log`);
        const server = await startServer({
          entry,
          logFile,
          env: {
            DATABASE_URL: ctx.databaseUrl,
            JWT_SECRET: ctx.serverEnv.JWT_SECRET,
            ISSUER: ctx.baseUrl,
            NODE_ENV: 'production',
          },
        });
        return { server, logFile };
      })(),
    );
  }
  return started.get(name);
}

async function stopBeside(name) {
  const running = started.get(name);
  if (!running) return;
  started.delete(name);
  const { server, logFile } = await running;
  const exit = await server.stop();
  if (!exit || exit.code === 0 || exit.signal === 'SIGTERM') rmSync(logFile, { force: true });
}

const ceiling = (ctx) => besideServer(ctx, 'ceiling', join(__dirname, '../../ceiling/server.js'));
const stopCeiling = () => stopBeside('ceiling');
/** The usual NestJS stack: Express, passport-jwt, TypeORM (bench/peers/nest-express.js). */
const nestExpressPeer = (ctx) =>
  besideServer(ctx, 'peer-nest-express', join(__dirname, '../../peers/nest-express.js'));
const stopNestExpressPeer = () => stopBeside('peer-nest-express');

module.exports = { ceiling, stopCeiling, nestExpressPeer, stopNestExpressPeer };
