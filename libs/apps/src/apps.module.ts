import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@app/auth';
import { StoresModule } from '@app/stores';
import { AppApiController } from './app-api.controller';
import { AppNames } from './app-names';
import { AppTokenLiveness } from './app-token-liveness.service';
import { OAuthAppEntity } from './entities/oauth-app.entity';
import { OAuthAppsController } from './oauth-apps.controller';
import { OAuthAppsRepository } from './oauth-apps.repository';
import { OAuthAppsService } from './oauth-apps.service';
import { OAuthController, WellKnownController } from './oauth/oauth.controller';
import { OAuthServerService } from './oauth/oauth-server.service';

/**
 * OAuth apps and the client-credentials authorization server. AppTokenLiveness, the revocation read of
 * app tokens, is exported for the global guard, and AppNames for the events' actor (both wired in the
 * composition root).
 */
@Module({
  imports: [AuthModule, StoresModule, TypeOrmModule.forFeature([OAuthAppEntity])],
  controllers: [OAuthAppsController, OAuthController, WellKnownController, AppApiController],
  providers: [OAuthAppsRepository, OAuthAppsService, OAuthServerService, AppTokenLiveness, AppNames],
  exports: [AppTokenLiveness, AppNames],
})
export class OAuthAppsModule {}
