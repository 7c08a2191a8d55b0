import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  NoContentRoute,
  StepUp,
  StoreAccess,
} from '@app/core';
import {
  CreateOAuthAppDto,
  ListOAuthAppsQueryDto,
  OAuthAppCredentialsDto,
  OAuthAppDto,
} from './dto/oauth-app.dto';
import { OAuthAppsService } from './oauth-apps.service';

/** The store found from the app in the path (its store), for the routes on one app. */
const OneApp = () => StoreAccess('integrations', { locator: 'app', key: 'appId', notFound: 'app_not_found' });

@ApiTags('oauth apps')
@Controller('v1/user/stores/oauth/apps')
export class OAuthAppsController {
  constructor(private readonly apps: OAuthAppsService) {}

  @Post()
  @StoreAccess('integrations', { in: 'body', key: 'storeId' })
  @ApiOperation({
    summary: 'Create an OAuth app for one of your stores; the client secret is in this response only.',
  })
  @ApiCreatedResponse({ type: OAuthAppCredentialsDto })
  @ApiNotFoundResponse({ description: '`store_not_found`: no such store, or you are not a member of it.' })
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreateOAuthAppDto,
  ) {
    return this.apps.create(caller, store, { name: body.name, scopes: body.scopes });
  }

  @Get()
  @StoreAccess('integrations', { in: 'query', key: 'storeId' })
  @ApiOperation({ summary: "A store's OAuth apps, oldest first, without secrets (with `secretHint`)." })
  @ApiOkResponse({ type: [OAuthAppDto] })
  @ApiNotFoundResponse({ description: '`store_not_found`: no such store, or you are not a member of it.' })
  list(@CurrentStore() store: AccessibleStore, @Query() _query: ListOAuthAppsQueryDto) {
    return this.apps.list(store);
  }

  @StepUp()
  @Post(':appId/rotate-secret')
  @OneApp()
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new client secret (shown once); the old secret and every token it issued die at once.',
  })
  @ApiOkResponse({ type: OAuthAppCredentialsDto })
  @ApiNotFoundResponse({ description: '`app_not_found`: no such app, or not in a store of yours.' })
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
  @ApiNotFoundResponse({ description: '`app_not_found`: no such app, or not in a store of yours.' })
  async remove(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('appId') appId: string,
  ): Promise<void> {
    await this.apps.remove(caller, store, appId);
  }
}
