import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Accepts, AppCaller, CurrentCaller } from '@app/core';
import { AppStoreDto } from './store-app.dto';
import { StoreAppsService } from './store-apps.service';

/** Routes for app access tokens (the Storefront GraphQL is the main one; this is the smallest). */
@ApiTags('app')
@ApiBearerAuth()
@Accepts('app')
@Controller('v1/app')
export class AppApiController {
  constructor(private readonly apps: StoreAppsService) {}

  @Get('store')
  @ApiOperation({ summary: "The app token's store (scope store:read). Account and public tokens get 403." })
  @ApiOkResponse({ type: AppStoreDto })
  @ApiForbiddenResponse({ description: '`insufficient_scope`: not an app token, or no store:read.' })
  store(@CurrentCaller() caller: AppCaller) {
    return this.apps.storeOf(caller);
  }
}
