import { applyDecorators, Body, Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { AccessibleStore, AccountCaller, CurrentCaller, CurrentStore, PageQueryDto } from '@app/core';
import { NoContentRoute, StepUp, StoreAccess, StoreNotFoundResponse } from '@app/core';
import { CreateRoute, ListRoute, NotFoundResponse, OkRoute } from '@app/core';
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
  applyDecorators(ApiParam({ name: 'webhookId', format: 'uuid' }), NotFoundResponse(ENDPOINT_404));

@ApiTags('webhooks')
@StoreAccess('integrations')
@Controller('v1/user/stores/:id/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @CreateRoute(
    'Add a webhook endpoint (at most 20 per store); the signing secret (`whsec_…`) is in this answer only.',
    WebhookCreatedModel,
  )
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

  @ListRoute(
    "The store's webhook endpoints, oldest first, with `secretHint` instead of the secret.",
    WebhookModel,
  )
  @StoreNotFoundResponse()
  list(@CurrentStore() store: AccessibleStore) {
    return this.webhooks.list(store);
  }

  @OkRoute(
    'PUT',
    ':webhookId',
    'Change an endpoint (any of url, events, description, enabled); enabling clears disabledReason and the failure count.',
    WebhookModel,
  )
  @OneEndpoint()
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
  @OkRoute(
    'POST',
    ':webhookId/rotate-secret',
    'A new signing secret (in this answer only); for 24 h deliveries carry a signature with each secret.',
    WebhookCreatedModel,
  )
  @OneEndpoint()
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

  @OkRoute(
    'GET',
    ':webhookId/deliveries',
    "The endpoint's deliveries, newest first, each with every attempt.",
    DeliveryPageModel,
  )
  @OneEndpoint()
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
  @NotFoundResponse(`${ENDPOINT_404} \`delivery_not_found\`.`)
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
