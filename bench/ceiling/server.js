'use strict';
// The ceiling: what the service's authenticated request could cost at best on this stack.
// A bare NestJS-on-Fastify app (no guards, hooks, logging or request ids) with two routes:
//   GET /ceiling/me   — an HS256 verify of the bearer JWT (key as a KeyObject, algorithm pinned) and ONE
//                       prepared primary-key read of the session on the same database; answers the account id
//   GET /health/live  — no I/O at all (the bare route; also how bench/lib/server.js sees it is up)
// Plain JavaScript with Nest's decorators applied by hand, so the bench needs no compiler.
require('reflect-metadata');
const { Controller, Get, Module, Req, UnauthorizedException } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const jwt = require('jsonwebtoken');
const { createSecretKey } = require('node:crypto');
const { Pool } = require('pg');
const { serveUntilSignal } = require('../lib/serve-until-signal');

const key = createSecretKey(require('node:buffer').Buffer.from(process.env.JWT_SECRET, 'utf8'));
const issuer = process.env.ISSUER;
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

class CeilingController {
  async me(request) {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException();
    let claims;
    try {
      claims = jwt.verify(match[1], key, { algorithms: ['HS256'], issuer });
    } catch {
      throw new UnauthorizedException();
    }
    const { rows } = await pool.query({
      name: 'ceiling_session',
      text: 'SELECT account_id FROM sessions WHERE id = $1',
      values: [claims.sid],
    });
    if (!rows[0]) throw new UnauthorizedException();
    return { id: rows[0].account_id };
  }

  live() {
    return { status: 'ok' };
  }
}
const proto = CeilingController.prototype;
Get('ceiling/me')(proto, 'me', Object.getOwnPropertyDescriptor(proto, 'me'));
Req()(proto, 'me', 0);
Get('health/live')(proto, 'live', Object.getOwnPropertyDescriptor(proto, 'live'));
Controller()(CeilingController);

class CeilingModule {}
Module({ controllers: [CeilingController] })(CeilingModule);

serveUntilSignal(
  () => NestFactory.create(CeilingModule, new FastifyAdapter({ logger: false }), { logger: false }),
  { onClose: () => pool.end() },
);
