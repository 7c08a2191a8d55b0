import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionEntity } from './entities/session.entity';
import { APP_CONFIG, AppConfig } from '@app/core';
import { AccountService } from './account.service';
import { AccountsRepository } from './accounts.repository';
import { AuthController } from './auth.controller';
import { AccountRevocation } from './guards/account-revocation';
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
    TypeOrmModule.forFeature([SessionEntity]),
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
    OtpRepository,
    OtpService,
    SessionService,
    SessionsRepository,
    ...SOCIAL_PROVIDERS,
    AuthThrottler,
    AuthRateLimitGuard,
  ],
  // The guards (the /v1/auth rate limit, then the access guard) and the token strategies are registered
  // in the composition root, where every context's token kind is visible.
  exports: [AccessTokenService, AccountRevocation, AuthRateLimitGuard, AccountService, SessionService],
})
export class AuthModule {}
