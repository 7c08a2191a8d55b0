import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TransportErrorFilter } from './error-transports';
import { AUTH_PURGE_RULES, AuthModule } from '@app/auth';
import { AppConfig, AppValidationPipe, CoreModule } from '@app/core';
import { DatabaseModule, IDEMPOTENCY_PURGE_RULES } from '@app/database';
import { OAuthAppsModule } from '@app/oauth-apps';
import { OnboardingModule } from '@app/onboarding';
import { PublicTokensModule } from '@app/public-tokens';
import { StorefrontModule } from '@app/storefront';
import { StoresModule } from '@app/stores';
import type { Logger } from 'pino';
import { ENTITIES } from './entities';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        // Each context says when its rows stop mattering; the purge job deletes them periodically.
        DatabaseModule.forRoot(ENTITIES, [...AUTH_PURGE_RULES, ...IDEMPOTENCY_PURGE_RULES]),
        AuthModule,
        StoresModule,
        OnboardingModule,
        OAuthAppsModule,
        PublicTokensModule,
        StorefrontModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: TransportErrorFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }
}
