import { Inject, Injectable } from '@nestjs/common';
import { AccountCaller, APP_CONFIG, AppConfig, DEFAULT_PAGE_LIMIT, isUuid, keysetPage } from '@app/core';
import { EventsWriter } from '@app/events';
import { StoresService } from '@app/stores';
import { randomUUID } from 'node:crypto';
import { DeliveryWorker } from './delivery-worker';
import { DeliveryPageModel, WebhookCreatedModel, WebhookModel } from './dto/webhook.dto';
import { endpointUrlProblem } from './endpoint-url';
import { newSigningSecret, SigningSecretBox } from './signing-secrets';
import { decodeDeliveryCursor, encodeDeliveryCursor, toDelivery, toWebhook } from './webhook.mapper';
import { WebhookErrors } from './webhooks.errors';
import { EndpointRow, WebhooksRepository } from './webhooks.repository';

/** At most this many endpoints per store. */
export const MAX_ENDPOINTS_PER_STORE = 20;
/** The owner's requests for attempts, per store and minute: attempts at will must not become a flood. */
export const REQUESTS_PER_MINUTE = { test: 10, retry: 60 } as const;

/**
 * Webhook endpoints of the caller's stores and their deliveries. Another account's store, endpoint or
 * delivery answers exactly like a missing one (404). No SQL here (WebhooksRepository).
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: SigningSecretBox,
    private readonly worker: DeliveryWorker,
    private readonly events: EventsWriter,
    private readonly stores: StoresService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(
    caller: AccountCaller,
    storeId: string,
    input: { url: string; events: string[]; description?: string | null },
  ): Promise<WebhookCreatedModel> {
    if (!isUuid(storeId)) throw WebhookErrors.storeNotFound();
    this.checkUrl(input.url);
    const id = randomUUID();
    const secret = newSigningSecret();
    const row = await this.repository.transaction(async (tx) => {
      const count = await this.repository.lockAndCount(tx, caller.accountId, storeId);
      if (count === null) throw WebhookErrors.storeNotFound();
      if (count >= MAX_ENDPOINTS_PER_STORE) throw WebhookErrors.limitReached(MAX_ENDPOINTS_PER_STORE);
      return this.repository.insert(tx, {
        id,
        storeId,
        createdBy: caller.accountId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        secretSealed: this.secrets.seal(id, secret),
        secretHint: secret.slice(-4),
      });
    });
    const { secretHint: _hint, ...view } = toWebhook(row);
    return { ...view, secret };
  }

  /** Oldest first, each with `secretHint`; an unknown or foreign store is 404, not an empty list. */
  async list(caller: AccountCaller, storeId: string): Promise<WebhookModel[]> {
    if (!isUuid(storeId)) throw WebhookErrors.storeNotFound();
    const rows = await this.repository.listOwned(caller.accountId, storeId);
    if (!rows) throw WebhookErrors.storeNotFound();
    return rows.map(toWebhook);
  }

  async update(
    caller: AccountCaller,
    storeId: string,
    endpointId: string,
    patch: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
  ): Promise<WebhookModel> {
    await this.checkIds(caller, storeId, endpointId);
    if (patch.url !== undefined) this.checkUrl(patch.url);
    const row = await this.repository.updateOwned(caller.accountId, storeId, endpointId, patch);
    if (!row) throw await this.notFound(caller, storeId);
    return toWebhook(row);
  }

  async remove(caller: AccountCaller, storeId: string, endpointId: string): Promise<void> {
    await this.checkIds(caller, storeId, endpointId);
    if (!(await this.repository.deleteOwned(caller.accountId, storeId, endpointId)))
      throw await this.notFound(caller, storeId);
  }

  async rotateSecret(
    caller: AccountCaller,
    storeId: string,
    endpointId: string,
  ): Promise<WebhookCreatedModel> {
    await this.checkIds(caller, storeId, endpointId);
    const secret = newSigningSecret();
    const row = await this.repository.rotateOwned(caller.accountId, storeId, endpointId, {
      sealed: this.secrets.seal(endpointId, secret),
      hint: secret.slice(-4),
    });
    if (!row) throw await this.notFound(caller, storeId);
    const { secretHint: _hint, ...view } = toWebhook(row);
    return { ...view, secret };
  }

  /**
   * A `webhook.test` event (recorded like any event, actor the owner) delivered to this endpoint alone,
   * even while it is disabled: its first attempt is the owner's explicit request.
   */
  async sendTest(
    caller: AccountCaller,
    storeId: string,
    endpointId: string,
  ): Promise<{ deliveryId: string }> {
    const endpoint = await this.ownedEndpoint(caller, storeId, endpointId);
    await this.countRequest(endpoint.store_id, 'test');
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
    caller: AccountCaller,
    storeId: string,
    endpointId: string,
    query: { limit?: number; after?: string },
  ): Promise<DeliveryPageModel> {
    const after = query.after === undefined ? null : decodeDeliveryCursor(query.after);
    if (query.after !== undefined && !after)
      throw WebhookErrors.invalid('after', 'after is not a cursor of this list');
    const endpoint = await this.ownedEndpoint(caller, storeId, endpointId);
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const rows = await this.repository.deliveriesPage(endpoint.id, after, limit + 1);
    return keysetPage(rows, limit, toDelivery, encodeDeliveryCursor);
  }

  /**
   * One more attempt now, with the same `webhook-id`: a pending delivery's scheduled attempt is replaced
   * by this one (its schedule goes on if it fails); a settled one gets this single attempt.
   */
  async retry(caller: AccountCaller, storeId: string, endpointId: string, deliveryId: string): Promise<void> {
    const endpoint = await this.ownedEndpoint(caller, storeId, endpointId);
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

  private async checkIds(caller: AccountCaller, storeId: string, endpointId: string): Promise<void> {
    if (!isUuid(storeId)) throw WebhookErrors.storeNotFound();
    if (!isUuid(endpointId)) throw await this.notFound(caller, storeId);
  }

  private async ownedEndpoint(
    caller: AccountCaller,
    storeId: string,
    endpointId: string,
  ): Promise<EndpointRow> {
    await this.checkIds(caller, storeId, endpointId);
    const row = await this.repository.findOwned(caller.accountId, storeId, endpointId);
    if (!row) throw await this.notFound(caller, storeId);
    return row;
  }

  /** Which 404: the store (missing or foreign) or, in an owned store, the endpoint. Error path only. */
  private async notFound(caller: AccountCaller, storeId: string) {
    return (await this.stores.isOwnedBy(caller, storeId))
      ? WebhookErrors.webhookNotFound()
      : WebhookErrors.storeNotFound();
  }
}
