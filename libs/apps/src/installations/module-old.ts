import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { StoresModule } from '@app/stores';
import { WebhooksModule } from '@app/webhooks';
import { AuthorizationService } from './authorization.service';
import { AuthorizeController, ConsentController } from './authorization.controller';
import { DeveloperAppsController } from './developer-apps.controller';
import { DeveloperAppsRepository } from './developer-apps.repository';
import { DeveloperAppsService } from './developer-apps.service';
import { InstallationApiController, InstallationsController } from './installations.controller';
import { InstallationsRepository } from './installations.repository';
import { InstallationsService } from './installations.service';
import { InstalledAppGrantsService } from './installed-app-grants.service';

/**
 * Installed apps (§13): registration by developers, the authorization endpoint and the consent, the
 * installations of a store, and — through oauth-apps' INSTALLED_APP_GRANTS port, wired in the composition
 * root — their grants at the token endpoint and the revocation read of their tokens. App webhooks go
 * through libs/webhooks' endpoints and delivery (AppEndpointsRepository).
 */
@Module({
  imports: [AuthModule, StoresModule, WebhooksModule],
  controllers: [
    DeveloperAppsController,
    AuthorizeController,
    ConsentController,
    InstallationsController,
    InstallationApiController,
  ],
  providers: [
    DeveloperAppsRepository,
    InstallationsRepository,
    DeveloperAppsService,
    AuthorizationService,
    InstallationsService,
    InstalledAppGrantsService,
  ],
  exports: [InstalledAppGrantsService],
})
export class InstalledAppsModule {}
