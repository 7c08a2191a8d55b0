import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '@app/core';
import { AccountService } from './account.service';
import { AccountsRepository } from './accounts.repository';
import { AuthController } from './auth.controller';
import { AccessGuard } from './guards/access.guard';
import { AccountRevocation } from './guards/account-revocation';
import { CallerResolvers } from './guards/caller-resolvers';
import { OtpRepository } from './otp.repository';
import { OtpService } from './otp.service';
import { AuthRateLimitGuard, AuthThrottler } from './rate-limit/auth-rate-limit.guard';
import { MemoryThrottlerStorage } from './rate-limit/memory-throttler.storage';
import { RedisThrottlerStorage } from './rate-limit/redis-throttler.storage';
import { SessionService } from './session.service';
import { SessionsRepository } from './sessions.repository';
import { SOCIAL_PROVIDERS, SocialController } from './social';
import { AccessTokenService, jwtModuleOptions } from './tokens/access-token.service';

@Module({
  imports: [
    // Signing and verification go through @nestjs/jwt's JwtService, keyed and pinned once here.
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: jwtModuleOptions }),
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: config.authRateLimit }],
        storage: config.redisUrl ? new RedisThrottlerStorage(config.redisUrl) : new MemoryThrottlerStorage(),
      }),
    }),
  ],
  controllers: [AuthController, SocialController],
  providers: [
    AccessTokenService,
    AccountService,
    AccountsRepository,
    AccountRevocation,
    CallerResolvers,
    OtpRepository,
    OtpService,
    SessionService,
    SessionsRepository,
    ...SOCIAL_PROVIDERS,
    // Order matters: the rate limit counts every /v1/auth request, authenticated or not.
    AuthThrottler,
    { provide: APP_GUARD, useClass: AuthRateLimitGuard },
    AccessGuard,
    { provide: APP_GUARD, useExisting: AccessGuard },
  ],
  exports: [AccessTokenService, AccessGuard, CallerResolvers, AccountService, SessionService],
})
export class AuthModule {}
