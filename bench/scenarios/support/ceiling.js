'use strict';
// Starts a comparison server once (beside the service, on the same database and JWT key) for the
// scenarios that measure against it, and stops it at the end: the ceiling (bench/ceiling/server.js) and the
// peers (bench/peers/*.js).
const { join } = require('node:path');
const { existsSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
const { startOnce, stopStarted: stopBeside } = require('../../lib/side-servers');

const besideServer = (ctx, name, entry) =>
  startOnce(name, entry, {
    DATABASE_URL: ctx.databaseUrl,
    JWT_SECRET: ctx.serverEnv.JWT_SECRET,
    ISSUER: ctx.baseUrl,
    NODE_ENV: 'production',
  });

const ceiling = (ctx) => besideServer(ctx, 'ceiling', join(__dirname, '../../ceiling/server.js'));
const stopCeiling = () => stopBeside('ceiling');
/** The usual NestJS stack: Express, passport-jwt, TypeORM (bench/peers/nest-express.js). */
const nestExpressPeer = (ctx) =>
  besideServer(ctx, 'peer-nest-express', join(__dirname, '../../peers/nest-express.js'));
const stopNestExpressPeer = () => stopBeside('peer-nest-express');
/**
 * Better Auth with database sessions (bench/peers/better-auth/server.mjs). It has its own package.json and
 * lock, installed there on first use (`npm ci`), so its dependency tree never touches the service's.
 */
const betterAuthPeer = (ctx) => {
  const dir = join(__dirname, '../../peers/better-auth');
  if (!existsSync(join(dir, 'node_modules/better-auth'))) {
    console.log('  installing the Better Auth peer (npm ci in bench/peers/better-auth)…');
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('npm ci in bench/peers/better-auth failed');
  }
  return besideServer(ctx, 'peer-better-auth', join(dir, 'server.mjs'));
};
const stopBetterAuthPeer = () => stopBeside('peer-better-auth');

module.exports = {
  ceiling,
  stopCeiling,
  nestExpressPeer,
  stopNestExpressPeer,
  betterAuthPeer,
  stopBetterAuthPeer,
};
