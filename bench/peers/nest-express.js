'use strict';
// A peer for GET /v1/auth/me: the usual NestJS stack as its documentation and most projects set it up —
// Express (@nestjs/platform-express), @nestjs/passport with passport-jwt's Strategy and an AuthGuard('jwt'),
// TypeORM through a repository — with the same revocation semantics as the service: the bearer JWT verified
// (HS256, issuer), then the session read on every request (live: not revoked, not expired, younger than
// SESSION_MAX_AGE) and the account read for the answer. Same database, same tokens.
//   GET /peer/me       — the above; answers { id, email }
//   GET /health/live   — no I/O (how bench/lib/server.js sees it is up)
// Plain JavaScript with Nest's decorators applied by hand, so the bench needs no compiler.
require('reflect-metadata');
const {
  Controller,
  Get,
  Injectable,
  Module,
  Req,
  UseGuards,
  UnauthorizedException,
} = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { AuthGuard, PassportModule, PassportStrategy } = require('@nestjs/passport');
const { TypeOrmModule, getRepositoryToken } = require('@nestjs/typeorm');
const { ExtractJwt, Strategy } = require('passport-jwt');
const { EntitySchema, IsNull, MoreThan } = require('typeorm');
const { serveUntilSignal } = require('../lib/serve-until-signal');

const MAX_AGE_SECONDS = Number(process.env.SESSION_MAX_AGE ?? 30 * 24 * 3600);

const Session = new EntitySchema({
  name: 'Session',
  tableName: 'sessions',
  columns: {
    id: { type: 'uuid', primary: true },
    accountId: { name: 'account_id', type: 'uuid' },
    revokedAt: { name: 'revoked_at', type: 'timestamptz', nullable: true },
    expiresAt: { name: 'expires_at', type: 'timestamptz' },
    createdAt: { name: 'created_at', type: 'timestamptz' },
  },
});
const Account = new EntitySchema({
  name: 'Account',
  tableName: 'accounts',
  columns: { id: { type: 'uuid', primary: true }, email: { type: 'varchar' } },
});

class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(sessions, accounts) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: process.env.JWT_SECRET,
      algorithms: ['HS256'],
      issuer: process.env.ISSUER,
    });
    this.sessions = sessions;
    this.accounts = accounts;
  }

  async validate(claims) {
    const session = await this.sessions.findOne({
      where: {
        id: claims.sid,
        accountId: claims.sub,
        revokedAt: IsNull(),
        expiresAt: MoreThan(new Date()),
        createdAt: MoreThan(new Date(Date.now() - MAX_AGE_SECONDS * 1000)),
      },
    });
    if (!session) throw new UnauthorizedException();
    const account = await this.accounts.findOne({ where: { id: session.accountId } });
    if (!account) throw new UnauthorizedException();
    return { id: account.id, email: account.email };
  }
}
Injectable()(JwtStrategy);
Reflect.defineMetadata('design:paramtypes', [Object, Object], JwtStrategy);
require('@nestjs/common').Inject(getRepositoryToken(Session))(JwtStrategy, undefined, 0);
require('@nestjs/common').Inject(getRepositoryToken(Account))(JwtStrategy, undefined, 1);

class PeerController {
  me(request) {
    return request.user;
  }

  live() {
    return { status: 'ok' };
  }
}
const proto = PeerController.prototype;
Get('peer/me')(proto, 'me', Object.getOwnPropertyDescriptor(proto, 'me'));
UseGuards(AuthGuard('jwt'))(proto, 'me', Object.getOwnPropertyDescriptor(proto, 'me'));
Req()(proto, 'me', 0);
Get('health/live')(proto, 'live', Object.getOwnPropertyDescriptor(proto, 'live'));
Controller()(PeerController);

class PeerModule {}
Module({
  imports: [
    TypeOrmModule.forRoot({
      type: 'postgres',
      url: process.env.DATABASE_URL,
      entities: [Session, Account],
      synchronize: false,
      extra: { max: 10 },
    }),
    TypeOrmModule.forFeature([Session, Account]),
    PassportModule,
  ],
  controllers: [PeerController],
  providers: [JwtStrategy],
})(PeerModule);

// Nest's default platform: Express.
serveUntilSignal(() => NestFactory.create(PeerModule, { logger: false }));
