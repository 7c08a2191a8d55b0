import { Body, Controller, Delete, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { AccountCaller, AccountRoute, CurrentCaller, NoContentRoute, StepUp } from '@app/core';
import { CreateRoute, ListRoute, NotFoundResponse, OkRoute } from '@app/core';
import {
  AppInstallationDto,
  CreateDeveloperAppDto,
  DeveloperAppCredentialsDto,
  DeveloperAppDto,
  RotatedClientSecretDto,
  RotatedWebhookSecretDto,
  UpdateDeveloperAppDto,
} from './developer-app.dto';
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

  @CreateRoute(
    'Register an installable app; its client secret and webhook secret are in this response only.',
    DeveloperAppCredentialsDto,
  )
  @ApiBadRequestResponse({
    description: '`validation_failed`: a field, URL, scope or event type is not accepted.',
  })
  create(@CurrentCaller() caller: AccountCaller, @Body() body: CreateDeveloperAppDto) {
    return this.apps.create(caller, body);
  }

  @ListRoute('Your installable apps, oldest first, without secrets (with their hints).', DeveloperAppDto)
  list(@CurrentCaller() caller: AccountCaller) {
    return this.apps.list(caller);
  }

  @OkRoute('GET', ':appId', 'One of your installable apps.', DeveloperAppDto)
  @AppIdParam()
  @NotFoundResponse(APP_404)
  get(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.get(caller, appId);
  }

  @OkRoute(
    'PUT',
    ':appId',
    'Change any registration field. New scopes change what the app may ask for next; installations keep their grant.',
    DeveloperAppDto,
  )
  @AppIdParam()
  @ApiBadRequestResponse({ description: '`validation_failed`.' })
  @NotFoundResponse(APP_404)
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
  @NotFoundResponse(APP_404)
  async remove(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string): Promise<void> {
    await this.apps.remove(caller, appId);
  }

  @StepUp()
  @OkRoute(
    'POST',
    ':appId/rotate-secret',
    'A new client secret (shown once): the old secret and every access token of the app are refused at once; refresh tokens keep working with the new secret.',
    RotatedClientSecretDto,
  )
  @AppIdParam()
  @NotFoundResponse(APP_404)
  rotateSecret(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.rotateSecret(caller, appId);
  }

  @StepUp()
  @OkRoute(
    'POST',
    ':appId/rotate-webhook-secret',
    'A new webhook secret (shown once); for 24 h deliveries carry a signature with each secret.',
    RotatedWebhookSecretDto,
  )
  @AppIdParam()
  @NotFoundResponse(APP_404)
  rotateWebhookSecret(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.rotateWebhookSecret(caller, appId);
  }

  @OkRoute('GET', ':appId/installations', 'The stores that installed the app, oldest installation first.', [
    AppInstallationDto,
  ])
  @AppIdParam()
  @NotFoundResponse(APP_404)
  installations(@CurrentCaller() caller: AccountCaller, @Param('appId') appId: string) {
    return this.apps.installationsOf(caller, appId);
  }
}
