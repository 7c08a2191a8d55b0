import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller, NoContentRoute, StepUp } from '@app/core';
import {
  AppInstallationDto,
  CreateDeveloperAppDto,
  DeveloperAppCredentialsDto,
  DeveloperAppDto,
  RotatedClientSecretDto,
  RotatedWebhookSecretDto,
  UpdateDeveloperAppDto,
} from './dto/developer-app.dto';
import { DeveloperAppsService } from './developer-apps.service';

const APP_404 = '`app_not_found`: no such app, or another account’s.';
const AppIdParam = () =>
  ApiParam({ name: 'appId', format: 'uuid', description: 'One of your installable apps.' });

/** Installable apps for their developer: any signed-in account (§13 Registration). */
@ApiTags('developer apps')
@AccountRoute()
@Controller('v1/user/apps')
export class DeveloperAppsController {
  constructor(private readonly apps: DeveloperAppsService) {}

  @Post()
  @ApiOperation({
    summary: 'Register an installable app; its client secret and webhook secret are in this response only.',
  })
  @ApiCreatedResponse({ type: DeveloperAppCredentialsDto })
  @ApiBadRequestResponse({
    description: '`validation_failed`: a field, URL, scope or event type is not accepted.',
  })
  create(@CurrentCaller() caller: AccountCaller, @Body() body: CreateDeveloperAppDto) {
    return this.apps.create(caller, body);
  }

  @Get()
  @ApiOperation({ summary: 'Your installable apps, oldest first, without secrets (with their hints).' })
  @ApiOkResponse({ type: [DeveloperAppDto] })
  list(@CurrentCaller() caller: AccountCaller) {
    return this.apps.list(caller);
  }

  @Get(':appId')
  @AppIdParam()
  @ApiOperation({ summary: 'One of your installable apps.' })
  @ApiOkResponse({ type: DeveloperAppDto })
  @ApiNotFoundResponse({ description: APP_404 })
  get(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.get(caller, appId);
  }

  @Put(':appId')
  @AppIdParam()
  @ApiOperation({
    summary:
      'Change any registration field. New scopes change what the app may ask for next; installations keep their grant.',
  })
  @ApiOkResponse({ type: DeveloperAppDto })
  @ApiBadRequestResponse({ description: '`validation_failed`.' })
  @ApiNotFoundResponse({ description: APP_404 })
  update(
    @CurrentCaller() caller: AccountCaller,
    @Param('appId') appId: string,
    @Body() body: UpdateDeveloperAppDto,
  ) {
    return this.apps.update(caller, appId, body);
  }

  @StepUp()
  @Delete(':appId')
  @AppIdParam()
  @NoContentRoute('Delete the app: every installation ends as an uninstall does.')
  @ApiNotFoundResponse({ description: APP_404 })
  async remove(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string): Promise<void> {
    await this.apps.remove(caller, appId);
  }

  @StepUp()
  @Post(':appId/rotate-secret')
  @HttpCode(200)
  @AppIdParam()
  @ApiOperation({
    summary:
      'A new client secret (shown once): the old secret and every access token of the app are refused at once; refresh tokens keep working with the new secret.',
  })
  @ApiOkResponse({ type: RotatedClientSecretDto })
  @ApiNotFoundResponse({ description: APP_404 })
  rotateSecret(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.rotateSecret(caller, appId);
  }

  @StepUp()
  @Post(':appId/rotate-webhook-secret')
  @HttpCode(200)
  @AppIdParam()
  @ApiOperation({
    summary: 'A new webhook secret (shown once); for 24 h deliveries carry a signature with each secret.',
  })
  @ApiOkResponse({ type: RotatedWebhookSecretDto })
  @ApiNotFoundResponse({ description: APP_404 })
  rotateWebhookSecret(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.rotateWebhookSecret(caller, appId);
  }

  @Get(':appId/installations')
  @AppIdParam()
  @ApiOperation({ summary: 'The stores that installed the app, oldest installation first.' })
  @ApiOkResponse({ type: [AppInstallationDto] })
  @ApiNotFoundResponse({ description: APP_404 })
  installations(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.installationsOf(caller, appId);
  }
}
