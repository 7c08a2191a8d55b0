import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import {
  AccessibleStore,
  AccountCaller,
  CurrentCaller,
  CurrentStore,
  NoContentRoute,
  PageQueryDto,
  StepUp,
  StoreAccess,
  StoreNotFoundResponse,
} from '@app/core';
import {
  CreateWebhookDto,
  DeliveryPageModel,
  DeliveryQueuedModel,
  UpdateWebhookDto,
  WebhookCreatedModel,
  WebhookModel,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

const ENDPOINT_404 = '`store_not_found` or `webhook_not_found` (another store’s endpoint included).';
/** A route on one endpoint of the store: its `:webhookId`, and the 404 when either is not there for the caller. */
const OneEndpoint = () =>
  applyDecorators(
    ApiParam({ name: 'webhookId', format: 'uuid' }),
    ApiNotFoundResponse({ description: ENDPOINT_404 }),
  );

@ApiTags('webhooks')
@StoreAccess('integrations')
@Controller('v1/user/stores/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({
    summary:
      'Add a webhook endpoint (at most 20 per store); the signing secret (`whsec_…`) is in this answer only.',
  })
  @ApiCreatedResponse({ type: WebhookCreatedModel })
  @ApiBadRequestResponse({
    description:
      '`validation_failed`: a URL that is not https:// (or has credentials, or a local address), an empty or unknown event type.',
  })
  @StoreNotFoundResponse()
  @ApiConflictResponse({ description: '`webhook_limit_reached`: the store has 20 endpoints already.' })
  create(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Body() body: CreateWebhookDto,
  ) {
    return this.webhooks.create(caller, store, body);
  }

  @Get()
  @ApiOperation({
    summary: "The store's webhook endpoints, oldest first, with `secretHint` instead of the secret.",
  })
  @ApiOkResponse({ type: [WebhookModel] })
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore) {
    return this.webhooks.list(store);
  }

  @Put(':webhookId')
  @ApiOperation({
    summary:
      'Change an endpoint (any of url, events, description, enabled); enabling clears disabledReason and the failure count.',
  })
  @OneEndpoint()
  @ApiOkResponse({ type: WebhookModel })
  @ApiBadRequestResponse({ description: '`validation_failed`' })
  update(
    @CurrentStore() store: AccessibleStore,
    @Param('webhookId') webhookId: string,
    @Body() body: UpdateWebhookDto,
  ) {
    return this.webhooks.update(store, webhookId, body);
  }

  @Delete(':webhookId')
  @OneEndpoint()
  @NoContentRoute('Delete an endpoint: nothing more is sent to it, pending deliveries included.')
  async remove(@CurrentStore() store: AccessibleStore, @Param('webhookId') webhookId: string): Promise<void> {
    await this.webhooks.remove(store, webhookId);
  }

  @StepUp()
  @Post(':webhookId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A new signing secret (in this answer only); for 24 h deliveries carry a signature with each secret.',
  })
  @OneEndpoint()
  @ApiOkResponse({ type: WebhookCreatedModel })
  rotateSecret(@CurrentStore() store: AccessibleStore, @Param('webhookId') webhookId: string) {
    return this.webhooks.rotateSecret(store, webhookId);
  }

  @Post(':webhookId/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a `webhook.test` event to this endpoint alone (at most 10 a minute per store).',
  })
  @OneEndpoint()
  @ApiAcceptedResponse({ type: DeliveryQueuedModel })
  @ApiTooManyRequestsResponse({
    description: '`rate_limited`: the store asked for 10 test events this minute (`Retry-After`).',
  })
  sendTest(
    @CurrentCaller() caller: AccountCaller,
    @CurrentStore() store: AccessibleStore,
    @Param('webhookId') webhookId: string,
  ) {
    return this.webhooks.sendTest(caller, store, webhookId);
  }

  @Get(':webhookId/deliveries')
  @ApiOperation({ summary: "The endpoint's deliveries, newest first, each with every attempt." })
  @OneEndpoint()
  @ApiOkResponse({ type: DeliveryPageModel })
  @ApiBadRequestResponse({
    description: '`validation_failed`: a `limit` outside 1–100, or an `after` this list did not issue.',
  })
  deliveries(
    @CurrentStore() store: AccessibleStore,
    @Param('webhookId') webhookId: string,
    @Query() query: PageQueryDto,
  ) {
    return this.webhooks.deliveries(store, webhookId, query);
  }

  @Post(':webhookId/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'One more attempt of the delivery now, with the same `webhook-id` (at most 60 a minute per store).',
  })
  @ApiParam({ name: 'webhookId', format: 'uuid' })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiAcceptedResponse({ description: 'The attempt is queued.' })
  @ApiNotFoundResponse({ description: `${ENDPOINT_404} \`delivery_not_found\`.` })
  @ApiTooManyRequestsResponse({
    description: '`rate_limited`: the store asked for 60 retries this minute (`Retry-After`).',
  })
  async retry(
    @CurrentStore() store: AccessibleStore,
    @Param('webhookId') webhookId: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<void> {
    await this.webhooks.retry(store, webhookId, deliveryId);
  }
}
