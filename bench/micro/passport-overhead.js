#!/usr/bin/env node
'use strict';
// What passport costs per request on the authenticated path, measured in-process (no sockets, no
// database), so the figure is not lost in the HTTP benchmark's noise: the same HS256 token verified
//   A) as the hand-rolled guard did: JwtService.verify (KeyObject key, HS256 pinned, issuer) + claims check;
//   B) as the guard does now: passport-jwt through an @nestjs/passport PassportStrategy, run by a
//      Passport instance's authenticate() wrapped in a promise (libs/auth/src/strategies/passport-runner.ts).
// Both resolve the caller with a validate() that does no I/O. `node bench/micro/passport-overhead.js [n]`
// prints µs per verification for each, 5 rounds interleaved, and the median difference; compare it with
// the server CPU per /v1/auth/me request that `npm run bench -- me` prints (~430 µs on these machines).
const { Buffer } = require('node:buffer');
const { createSecretKey } = require('node:crypto');
const { JwtService } = require('@nestjs/jwt');
const { PassportStrategy } = require('@nestjs/passport');
const { Passport } = require('passport');
const { Strategy } = require('passport-jwt');

const key = createSecretKey(Buffer.from('x'.repeat(48), 'utf8'));
const issuer = 'http://localhost:3000';
const jwt = new JwtService({
  secretOrKeyProvider: () => key,
  signOptions: { algorithm: 'HS256', issuer },
  verifyOptions: { algorithms: ['HS256'], issuer },
});
const token = jwt.sign(
  { typ: 'account', sid: '00000000-0000-4000-8000-000000000002' },
  {
    subject: '00000000-0000-4000-8000-000000000001',
    expiresIn: 3600,
    jwtid: '00000000-0000-4000-8000-000000000003',
  },
);

function claimsOf(payload) {
  return payload && payload.typ === 'account' && typeof payload.sid === 'string' ? payload : null;
}

class BenchStrategy extends PassportStrategy(Strategy, 'bench-jwt') {
  constructor() {
    super({
      jwtFromRequest: (request) => request.bearerToken ?? null,
      secretOrKeyProvider: (_r, _t, done) => done(null, key),
      algorithms: ['HS256'],
      issuer,
      passReqToCallback: true,
    });
  }
  async validate(_request, payload) {
    const claims = claimsOf(payload);
    return claims ? { kind: 'account', accountId: claims.sub } : false;
  }
}
const passport = new Passport();
passport.use('bench-jwt', new BenchStrategy());

function viaPassport(request) {
  return new Promise((resolve, reject) => {
    passport.authenticate('bench-jwt', { session: false }, (error, caller) =>
      error ? reject(error) : resolve(caller || false),
    )(request, {}, (error) => (error ? reject(error) : resolve(false)));
  });
}

async function viaJwtService(request) {
  const claims = claimsOf(jwt.verify(request.bearerToken));
  return claims ? { kind: 'account', accountId: claims.sub } : false;
}

async function measure(name, fn, n) {
  for (let i = 0; i < 20_000; i++) await fn({ bearerToken: token, headers: {} });
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const caller = await fn({ bearerToken: token, headers: {} });
    if (!caller) throw new Error(`${name}: token refused`);
  }
  const us = Number(process.hrtime.bigint() - start) / 1000 / n;
  return us;
}

(async () => {
  const n = Number(process.argv[2] ?? 100_000);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const a = await measure('JwtService', viaJwtService, n);
    const b = await measure('passport', viaPassport, n);
    rounds.push({ a, b });
    console.log(
      `round ${r + 1}: JwtService ${a.toFixed(2)} µs, passport-jwt via Passport ${b.toFixed(2)} µs, +${(b - a).toFixed(2)} µs`,
    );
  }
  const med = (xs) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const a = med(rounds.map((r) => r.a));
  const b = med(rounds.map((r) => r.b));
  console.log(
    `median: JwtService ${a.toFixed(2)} µs, passport ${b.toFixed(2)} µs → passport adds ${(b - a).toFixed(2)} µs per authenticated request`,
  );
})();
