import { applyDecorators, Body, Controller, Delete, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore, StepUp, StoreAccess } from '@app/core';
import { CreateRoute, ListRoute, NoContentRoute, NotFoundResponse, OkRoute } from '@app/core';
import {
  CreateOAuthAppDto,
  ListOAuthAppsQueryDto,
  OAuthAppCredentialsDto,
  OAuthAppDto,
} from './store-app.dto';
import { StoreAppsService } from './store-apps.service';

const STORE_404 = '`store_not_found`: no such store, or you are not a member of it.';
/** A route on one app: its store is found from the app in the path, and an app not in a store of yours is a 404. */
const OneApp = () =>
  applyDecorators(
    StoreAccess('integrations', { locator: 'app', key: 'appId', notFound: 'app_not_found' }),
    NotFoundResponse('`app_not_found`: no such app, or not in a store of yours.'),
  );

/** A store's own apps ("OAuth apps": the class name is the OpenAPI operationIds' prefix). */
@ApiTags('oauth apps')
@Controller('v1/user/stores/oauth/apps')
export class OAuthAppsController {
  constructor(private readonly apps: StoreAppsService) {}

  @StoreAccess('integrations', { in: 'body', key: 'storeId' })
  @CreateRoute(
    'Create an OAuth app for one of your stores; the client secret is in this response only.',
    OAuthAppCredentialsDto,
  )
  @NotFoundResponse(STORE_404)
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreateOAuthAppDto,
  ) {
    return this.apps.create(caller, store, { name: body.name, scopes: body.scopes });
  }

  @StoreAccess('integrations', { in: 'query', key: 'storeId' })
  @ListRoute("A store's OAuth apps, oldest first, without secrets (with `secretHint`).", OAuthAppDto)
  @NotFoundResponse(STORE_404)
  list(@CurrentStore() store: AccessibleStore, @Query() _query: ListOAuthAppsQueryDto) {
    return this.apps.list(store);
  }

  @StepUp()
  @OneApp()
  @OkRoute(
    'POST',
    ':appId/rotate-secret',
    'A new client secret (shown once); the old secret and every token it issued die at once.',
    OAuthAppCredentialsDto,
  )
  rotateSecret(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('appId') appId: string,
  ) {
    return this.apps.rotateSecret(caller, store, appId);
  }

  @StepUp()
  @Delete(':appId')
  @OneApp()
  @NoContentRoute('Delete the app; every token it issued dies at once.')
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('appId') appId: string,
  ): Promise<void> {
    await this.apps.remove(caller, store, appId);
  }
}
