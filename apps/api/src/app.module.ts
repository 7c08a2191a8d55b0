import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TransportErrorFilter } from './http/error-transports';
import {
  AccessGuard,
  APP_TOKEN_RESOLVER,
  AUTH_PURGE_RULES,
  AuthModule,
  BEARER_TOKEN_KINDS,
  BearerTokenKind,
  JwtBearerStrategy,
} from '@app/auth';
import {
  AppConfig,
  AppValidationPipe,
  CoreModule,
  MEMBERSHIP_SQL,
  STORE_LOCATORS,
  StoreLocator,
} from '@app/core';
import { DatabaseModule } from '@app/database';
import { EVENTS_PURGE_RULES, EventsModule } from '@app/events';
import {
  MEDIA_BRANDING,
  MEDIA_CATALOGUE,
  MEDIA_PURGE_RULES,
  MediaModule,
  MediaTrashSweeper,
} from '@app/media';
import { IDEMPOTENCY_PURGE_RULES } from '@app/idempotency';
import { MEMBERS_PURGE_RULES, MEMBERSHIP_SQL_FRAGMENTS, MembersModule } from '@app/members';
import { APP_STORE_LOCATOR, AppNames, APPS_PURGE_RULES, AppsModule, AppTokens } from '@app/apps';
import { OnboardingModule } from '@app/onboarding';
import {
  PUBLIC_TOKEN_PREFIX,
  PublicTokenNames,
  PublicTokensModule,
  PublicTokenStrategy,
} from '@app/public-tokens';
import { SOCIAL_LOGIN_PURGE_RULES, SocialLoginModule } from '@app/social-login';
import {
  CatalogueImagesService,
  STOREFRONT_PURGE_RULES,
  StorefrontDomainModule,
  StorefrontModule,
} from '@app/storefront';
import { StoresModule, StoresService } from '@app/stores';
import { WebhookDeliverySink, WebhooksModule } from '@app/webhooks';
import type { Logger } from 'pino';
import { ENTITIES } from './entities';
import { HealthController } from './health/health.controller';

/**
 * Who may call what: the global guards and the bearer token kinds, wired here where every context is
 * visible. Each token kind is a passport strategy (registered through @nestjs/passport): the platform's
 * JWTs — account tokens from auth, app tokens resolved by apps — by passport-jwt, `sfp_` public
 * tokens by public-tokens' bearer strategy. Global so the storefront's HTTP hook authenticates through
 * the same guard.
 *
 * Store access (@StoreAccess routes): the account token's session read also reads the caller's
 * membership of the route's store, with the members context's SQL (MEMBERSHIP_SQL, also what the stores
 * context lists a caller's stores and founds a store with), the store found from the route's value
 * directly or through a locator of the context that owns the value (STORE_LOCATORS: an app's store).
 */
@Global()
@Module({
  imports: [AuthModule, AppsModule, PublicTokensModule],
  providers: [
    JwtBearerStrategy,
    PublicTokenStrategy,
    // App tokens, a store app's and an installed app's alike: ONE statement in the apps context.
    { provide: APP_TOKEN_RESOLVER, useExisting: AppTokens },
    { provide: MEMBERSHIP_SQL, useValue: MEMBERSHIP_SQL_FRAGMENTS },
    { provide: STORE_LOCATORS, useValue: [APP_STORE_LOCATOR] satisfies StoreLocator[] },
    {
      provide: BEARER_TOKEN_KINDS,
      inject: [PublicTokenStrategy, JwtBearerStrategy],
      useFactory: (publicTokens: PublicTokenStrategy, jwt: JwtBearerStrategy): BearerTokenKind[] => [
        { strategy: publicTokens, prefix: PUBLIC_TOKEN_PREFIX },
        { strategy: jwt },
      ],
    },
    AccessGuard,
    // The one global guard: deny by default, @Public() opts a route out. (The /v1/auth rate limit runs
    // before it, at the HTTP edge: http/route-hooks.ts.)
    { provide: APP_GUARD, useExisting: AccessGuard },
  ],
  exports: [AccessGuard, MEMBERSHIP_SQL, STORE_LOCATORS],
})
export class AccessModule {}

/**
 * (v1.4) The media context's port to the catalogue (media.ports.ts): a media's deletion locks the products
 * using it and has each recorded as `product.updated`. The catalogue imports the media context (product
 * images are media), so the media context cannot import it back; the port is provided here, where both are
 * visible, and global so the media module finds it without importing anything.
 */
@Global()
@Module({
  imports: [StorefrontDomainModule],
  providers: [{ provide: MEDIA_CATALOGUE, useExisting: CatalogueImagesService }],
  exports: [MEDIA_CATALOGUE],
})
export class MediaCatalogueModule {}

/**
 * (v1.4) The media context's port to the stores (media.ports.ts): deleting a favicon or a logo clears the
 * store's branding shown from it and records `store.updated`. The stores context imports the media context
 * (branding URLs are renditions), so the port is provided here, global, as MediaCatalogueModule's is.
 */
@Global()
@Module({
  imports: [StoresModule],
  providers: [{ provide: MEDIA_BRANDING, useExisting: StoresService }],
  exports: [MEDIA_BRANDING],
})
export class MediaBrandingModule {}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, logger),
        // Each context says when its rows stop mattering; the purge job deletes them periodically.
        DatabaseModule.forRoot(
          ENTITIES,
          [
            ...AUTH_PURGE_RULES,
            ...SOCIAL_LOGIN_PURGE_RULES,
            ...IDEMPOTENCY_PURGE_RULES,
            ...EVENTS_PURGE_RULES,
            ...MEMBERS_PURGE_RULES,
            ...STOREFRONT_PURGE_RULES,
            ...APPS_PURGE_RULES,
            ...MEDIA_PURGE_RULES,
          ],
          // What a round removes outside the database: deleted media's objects.
          [MediaTrashSweeper],
        ),
        AuthModule,
        SocialLoginModule,
        AccessModule,
        // Every context emits through the global EventsWriter; what events needs back from them (an app's
        // or a public token's name, for the actor) and the work every event causes (webhook delivery, queued in the change's
        // transaction) are wired here, where both sides are visible.
        EventsModule.forRoot({
          imports: [AppsModule, PublicTokensModule, WebhooksModule],
          appNames: AppNames,
          publicTokenNames: PublicTokenNames,
          sinks: [WebhookDeliverySink],
        }),
        StoresModule,
        MembersModule,
        OnboardingModule,
        AppsModule,
        PublicTokensModule,
        StorefrontModule,
        WebhooksModule,
        MediaModule,
        MediaCatalogueModule,
        MediaBrandingModule,
      ],
      // Liveness and readiness of this instance: the process, the database, Redis, shutting down.
      controllers: [HealthController],
      providers: [
        { provide: APP_FILTER, useClass: TransportErrorFilter },
        { provide: APP_PIPE, useClass: AppValidationPipe },
      ],
    };
  }
}
