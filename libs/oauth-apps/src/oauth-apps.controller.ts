import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller, NoContentRoute } from '@app/core';
import {
  CreateOAuthAppDto,
  ListOAuthAppsQueryDto,
  OAuthAppCredentialsDto,
  OAuthAppDto,
} from './dto/oauth-app.dto';
import { OAuthAppsService } from './oauth-apps.service';

@ApiTags('oauth apps')
@AccountRoute()
@Controller('v1/user/stores/oauth/apps')
export class OAuthAppsController {
  constructor(private readonly apps: OAuthAppsService) {}

  @Post()
  @ApiOperation({
    summary: 'Create an OAuth app for one of your stores; the client secret is in this response only.',
  })
  @ApiCreatedResponse({ type: OAuthAppCredentialsDto })
  @ApiNotFoundResponse({ description: '`store_not_found`: no such store, or not yours.' })
  create(@CurrentCaller() caller: AccountCaller, @Body() body: CreateOAuthAppDto) {
    return this.apps.create(caller, body);
  }

  @Get()
  @ApiOperation({ summary: "A store's OAuth apps, oldest first, without secrets (with `secretHint`)." })
  @ApiOkResponse({ type: [OAuthAppDto] })
  @ApiNotFoundResponse({ description: '`store_not_found`: no such store, or not yours.' })
  list(@CurrentCaller() caller: AccountCaller, @Query() query: ListOAuthAppsQueryDto) {
    return this.apps.list(caller, query.storeId);
  }

  @Post(':appId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A new client secret (shown once); the old secret and every token it issued die at once.',
  })
  @ApiOkResponse({ type: OAuthAppCredentialsDto })
  @ApiNotFoundResponse({ description: '`app_not_found`: no such app, or not yours.' })
  rotateSecret(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.rotateSecret(caller, appId);
  }

  @Delete(':appId')
  @NoContentRoute('Delete the app; every token it issued dies at once.')
  @ApiNotFoundResponse({ description: '`app_not_found`: no such app, or not yours.' })
  async remove(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string): Promise<void> {
    await this.apps.remove(caller, appId);
  }
}
