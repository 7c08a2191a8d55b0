import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionEntity } from './entities/session.entity';
import { APP_CONFIG } from '@app/core';
import { AccountService } from './account.service';
import { AccountsRepository } from './accounts.repository';
import { AuthController } from './auth.controller';
import { FactorsController } from './factors/factors.controller';
import { FactorsRepository } from './factors/factors.repository';
import { PasskeysRepository } from './factors/passkeys.repository';
import { PasskeysService } from './factors/passkeys.service';
import { RelyingParty } from './factors/relying-party';
import { SecondFactorsService } from './factors/second-factors.service';
import { OtpRepository } from './otp.repository';
import { OtpService } from './otp.service';
import { AuthRateLimit } from './rate-limit/auth-rate-limit.service';
import { RateLimitCounters } from './rate-limit/rate-limit-counters';
import { SessionLiveness } from './sessions/session-liveness';
import { SessionService } from './sessions/session.service';
import { SessionsRepository } from './sessions/sessions.repository';
import { AccessTokenService, jwtModuleOptions } from './tokens/access-token.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([SessionEntity]),
    // Signing and verification go through @nestjs/jwt's JwtService, keyed and pinned once here.
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: jwtModuleOptions }),
  ],
  controllers: [AuthController, FactorsController],
  providers: [
    AccessTokenService,
    AccountService,
    AccountsRepository,
    FactorsRepository,
    PasskeysRepository,
    PasskeysService,
    RelyingParty,
    SecondFactorsService,
    OtpRepository,
    OtpService,
    SessionLiveness,
    SessionService,
    SessionsRepository,
    RateLimitCounters,
    AuthRateLimit,
  ],
  // The access guard, the token strategies and the rate limit's HTTP hook are wired in the composition
  // root (apps/api), where every context's token kind and the HTTP server are visible.
  exports: [
    AccessTokenService,
    SessionLiveness,
    AuthRateLimit,
    RateLimitCounters,
    AccountService,
    SessionService,
    SecondFactorsService,
  ],
})
export class AuthModule {}
