import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@app/auth';
import { StoresModule } from '@app/stores';
import { WebhooksModule } from '@app/webhooks';
import { AppNames } from './app-names';
import { DeveloperAppsController } from './developer-apps/developer-apps.controller';
import { DeveloperAppsRepository } from './developer-apps/developer-apps.repository';
import { DeveloperAppsService } from './developer-apps/developer-apps.service';
import { OAuthAppEntity } from './entities/store-app.entity';
import { InstallationApiController, InstallationsController } from './installations/installations.controller';
import { InstallationsRepository } from './installations/installations.repository';
import { InstallationsService } from './installations/installations.service';
import { AuthorizeController, ConsentController } from './oauth/authorization.controller';
import { AuthorizationService } from './oauth/authorization.service';
import { ClientAuthentication } from './oauth/client-authentication';
import { CodeGrants } from './oauth/code-grants.service';
import { OAuthController, WellKnownController } from './oauth/oauth.controller';
import { OAuthServerService } from './oauth/oauth-server.service';
import { AppApiController } from './store-apps/app-api.controller';
import { OAuthAppsController } from './store-apps/store-apps.controller';
import { StoreAppsRepository } from './store-apps/store-apps.repository';
import { StoreAppsService } from './store-apps/store-apps.service';
import { AppTokens } from './tokens/app-token-resolver';
import { AppTokensRepository } from './tokens/app-tokens.repository';

/**
 * Every kind of app, one context: store apps (a store's own server-side credentials, client credentials),
 * installable apps (registered by a developer, installed by stores through the authorization-code grant),
 * their installations, the authorization server for both, and the one resolver of app tokens. AppTokens
 * (the guard's APP_TOKEN_RESOLVER) and AppNames (the events' actor) are exported for the composition root.
 * App webhooks go through libs/webhooks' endpoints and delivery (AppEndpointsRepository).
 */
@Module({
  imports: [AuthModule, StoresModule, WebhooksModule, TypeOrmModule.forFeature([OAuthAppEntity])],
  controllers: [
    OAuthAppsController,
    OAuthController,
    WellKnownController,
    AppApiController,
    DeveloperAppsController,
    AuthorizeController,
    ConsentController,
    InstallationsController,
    InstallationApiController,
  ],
  providers: [
    StoreAppsRepository,
    StoreAppsService,
    DeveloperAppsRepository,
    DeveloperAppsService,
    InstallationsRepository,
    InstallationsService,
    AppTokensRepository,
    AppTokens,
    ClientAuthentication,
    CodeGrants,
    OAuthServerService,
    AuthorizationService,
    AppNames,
  ],
  exports: [AppTokens, AppNames],
})
export class AppsModule {}
