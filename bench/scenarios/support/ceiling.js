'use strict';
// Starts a comparison server once (beside the service, on the same database and JWT key) for the
// scenarios that measure against it, and stops it at the end: the ceiling (bench/ceiling/server.js) and the
// peers (bench/peers/*.js).
const { join } = require('node:path');
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

module.exports = { ceiling, stopCeiling, nestExpressPeer, stopNestExpressPeer };
