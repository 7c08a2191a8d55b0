import { Controller, Delete, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiForbiddenResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { AccessibleStore, Accepts, AccountCaller, AppCaller, CurrentCaller, CurrentStore } from '@app/core';
import {
  ListRoute,
  NoContentRoute,
  NotFoundResponse,
  OkRoute,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import { InstallationEventDto, InstallationSelfDto, StoreInstallationDto } from './installation.dto';
import { InstallationsService } from './installations.service';

/** A store's installed apps (§13 Installations): the integrations permission (owner, admin, developer). */
@ApiTags('installations')
// The `data` of `app.installed` / `app.uninstalled` events: in the document for clients reading events.
@ApiExtraModels(InstallationEventDto)
@Controller('v1/user/stores/:id/installations')
export class InstallationsController {
  constructor(private readonly installations: InstallationsService) {}

  @ListRoute(
    'The apps installed in the store: who installed each, when, and what it may do.',
    StoreInstallationDto,
  )
  @StoreAccess('integrations')
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore) {
    return this.installations.list(store);
  }

  @Delete(':installationId')
  @StoreAccess('integrations')
  @ApiParam({ name: 'installationId', format: 'uuid' })
  @NoContentRoute(
    'Uninstall: every token of the installation is refused on the very next request, its webhooks stop, and the app receives app.uninstalled.',
  )
  @NotFoundResponse('`store_not_found`, or `installation_not_found`.')
  async uninstall(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('installationId') installationId: string,
  ): Promise<void> {
    await this.installations.uninstall(caller, store, installationId);
  }
}

/** For an installed app's token: the installation it acts through. */
@ApiTags('app')
@ApiBearerAuth()
@Accepts('app')
@Controller('v1/app/installation')
export class InstallationApiController {
  constructor(private readonly installations: InstallationsService) {}

  @OkRoute(
    'GET',
    '',
    "An installed app token's installation (a store app's token: 404 installation_not_found).",
    InstallationSelfDto,
  )
  @ApiForbiddenResponse({ description: '`insufficient_scope`: not an app token.' })
  @NotFoundResponse('`installation_not_found`: a store app’s token.')
  self(@CurrentCaller() caller: AppCaller) {
    return this.installations.self(caller);
  }
}
