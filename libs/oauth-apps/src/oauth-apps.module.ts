import { Module, OnModuleInit } from '@nestjs/common';
import { AuthModule, CallerResolvers } from '@app/auth';
import { StoresModule } from '@app/stores';
import { AppApiController } from './app-api.controller';
import { AppTokenLiveness } from './app-token-liveness';
import { OAuthAppsController } from './oauth-apps.controller';
import { OAuthAppsRepository } from './oauth-apps.repository';
import { OAuthAppsService } from './oauth-apps.service';
import { OAuthController, WellKnownController } from './oauth/oauth.controller';
import { OAuthServerService } from './oauth/oauth-server.service';

/** OAuth apps, the client-credentials authorization server, and app tokens in the global guard. */
@Module({
  imports: [AuthModule, StoresModule],
  controllers: [OAuthAppsController, OAuthController, WellKnownController, AppApiController],
  providers: [OAuthAppsRepository, OAuthAppsService, OAuthServerService, AppTokenLiveness],
  exports: [AppTokenLiveness],
})
export class OAuthAppsModule implements OnModuleInit {
  constructor(
    private readonly resolvers: CallerResolvers,
    private readonly liveness: AppTokenLiveness,
  ) {}

  onModuleInit(): void {
    this.resolvers.registerApp(this.liveness);
  }
}
