import { Inject, Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  APP_CONFIG,
  AppConfig,
  DEFAULT_PAGE_LIMIT,
  isUuid,
  keysetPage,
} from '@app/core';
import { EventsWriter } from '@app/events';
import { randomUUID } from 'node:crypto';
import { DeliveryWorker } from './delivery-worker';
import { DeliveryPageModel, WebhookCreatedModel, WebhookModel } from './dto/webhook.dto';
import { endpointUrlProblem } from './endpoint-url';
import { SigningSecretBox } from './signing-secrets';
import {
  decodeDeliveryCursor,
  encodeDeliveryCursor,
  toDelivery,
  toWebhook,
  toWebhookCreated,
} from './webhook.mapper';
import { WebhookErrors } from './webhooks.errors';
import { EndpointRow, WebhooksRepository } from './webhooks.repository';

/** At most this many endpoints per store. */
export const MAX_ENDPOINTS_PER_STORE = 20;
/** The owner's requests for attempts, per store and minute: attempts at will must not become a flood. */
export const REQUESTS_PER_MINUTE = { test: 10, retry: 60 } as const;

/**
 * Webhook endpoints of a store and their deliveries, for the members whose role allows integrations (the
 * route's access rule let the caller in; `store` is the store it decided). Another store's endpoint or
 * delivery answers exactly like a missing one (404). No SQL here (WebhooksRepository).
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: SigningSecretBox,
    private readonly worker: DeliveryWorker,
    private readonly events: EventsWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    input: { url: string; events: string[]; description?: string | null },
  ): Promise<WebhookCreatedModel> {
    this.checkUrl(input.url);
    const id = randomUUID();
    const secret = this.secrets.issue(id);
    const row = await this.repository.transaction(async (tx) => {
      const count = await this.repository.lockAndCount(tx, storeId);
      if (count === null) throw WebhookErrors.storeNotFound();
      if (count >= MAX_ENDPOINTS_PER_STORE) throw WebhookErrors.limitReached(MAX_ENDPOINTS_PER_STORE);
      return this.repository.insert(tx, {
        id,
        storeId,
        createdBy: caller.accountId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secretSealed: secret.sealed,
        secretHint: secret.hint,
      });
    });
    return toWebhookCreated(row, secret.value);
  }

  /** Oldest first, each with `secretHint`. */
  async list({ storeId }: AccessibleStore): Promise<WebhookModel[]> {
    return (await this.repository.list(storeId)).map(toWebhook);
  }

  async update(
    { storeId }: AccessibleStore,
    endpointId: string,
    patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ): Promise<WebhookModel> {
    checkId(endpointId);
    if (patch.url !== undefined) this.checkUrl(patch.url);
    const row = await this.repository.update(storeId, endpointId, patch);
    if (!row) throw WebhookErrors.webhookNotFound();
    return toWebhook(row);
  }

  async remove({ storeId }: AccessibleStore, endpointId: string): Promise<void> {
    checkId(endpointId);
    if (!(await this.repository.delete(storeId, endpointId))) throw WebhookErrors.webhookNotFound();
  }

  async rotateSecret({ storeId }: AccessibleStore, endpointId: string): Promise<WebhookCreatedModel> {
    checkId(endpointId);
    const secret = this.secrets.issue(endpointId);
    const row = await this.repository.rotate(storeId, endpointId, secret);
    if (!row) throw WebhookErrors.webhookNotFound();
    return toWebhookCreated(row, secret.value);
  }

  /**
   * A `webhook.test` event (recorded like any event, actor the member) delivered to this endpoint alone,
   * even while it is disabled: its first attempt is the member's explicit request.
   */
  async sendTest(
    caller: AccountCaller,
    store: AccessibleStore,
    endpointId: string,
  ): Promise<{ deliveryId: string }> {
    const { storeId } = store;
    const endpoint = await this.endpoint(store, endpointId);
    await this.countRequest(storeId, 'test');
    const deliveryId = await this.repository.transaction(async (tx) => {
      const event = await this.events.emit(tx, {
        storeId,
        type: 'webhook.test',
        caller,
        data: { endpointId: endpoint.id },
      });
      const target = { id: endpoint.id, storeId: endpoint.store_id };
      const id = await this.repository.insertTest(tx, target, event, JSON.stringify(event));
      this.worker.markDue(tx);
      return id;
    });
    return { deliveryId };
  }

  async deliveries(
    store: AccessibleStore,
    endpointId: string,
    query: { limit?: number; after?: string },
  ): Promise<DeliveryPageModel> {
    const after = query.after === undefined ? null : decodeDeliveryCursor(query.after);
    if (query.after !== undefined && !after)
      throw WebhookErrors.invalid('after', 'after is not a cursor of this list');
    const endpoint = await this.endpoint(store, endpointId);
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const rows = await this.repository.deliveriesPage(endpoint.id, after, limit + 1);
    return keysetPage(rows, limit, toDelivery, encodeDeliveryCursor);
  }

  /**
   * One more attempt now, with the same `webhook-id`: a pending delivery's scheduled attempt is replaced
   * by this one (its schedule goes on if it fails); a settled one gets this single attempt.
   */
  async retry(store: AccessibleStore, endpointId: string, deliveryId: string): Promise<void> {
    const endpoint = await this.endpoint(store, endpointId);
    if (!isUuid(deliveryId)) throw WebhookErrors.deliveryNotFound();
    await this.countRequest(endpoint.store_id, 'retry');
    const found = await this.repository.transaction(async (tx) => {
      const retried = await this.repository.manualRetry(tx, endpoint.id, deliveryId);
      if (retried) this.worker.markDue(tx);
      return retried;
    });
    if (!found) throw WebhookErrors.deliveryNotFound();
  }

  /** 429 `rate_limited` past the store's budget of this kind of request (REQUESTS_PER_MINUTE). */
  private async countRequest(storeId: string, kind: keyof typeof REQUESTS_PER_MINUTE): Promise<void> {
    const window = await this.repository.countRequest(storeId, kind);
    if (window.hits > REQUESTS_PER_MINUTE[kind])
      throw WebhookErrors.rateLimited(window.resetSeconds, REQUESTS_PER_MINUTE[kind], kind);
  }

  private checkUrl(url: string): void {
    const problem = endpointUrlProblem(url, this.config.webhookAllowLocal);
    if (problem) throw WebhookErrors.invalid('url', problem);
  }

  /** The store's endpoint, or webhook_not_found (the store itself was decided by the route's access rule). */
  private async endpoint({ storeId }: AccessibleStore, endpointId: string): Promise<EndpointRow> {
    checkId(endpointId);
    const row = await this.repository.find(storeId, endpointId);
    if (!row) throw WebhookErrors.webhookNotFound();
    return row;
  }
}

function checkId(endpointId: string): void {
  if (!isUuid(endpointId)) throw WebhookErrors.webhookNotFound();
}
