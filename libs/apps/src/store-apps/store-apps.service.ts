import { Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  APP_SCOPES,
  AppCaller,
  canonicalScopes,
  Errors,
  isUuid,
  SecretHasher,
} from '@app/core';
import { changeAndEmit, EventsWriter } from '@app/events';
import { StoresService } from '@app/stores';
import { AppErrors } from '../apps.errors';
import { APP_CLIENT_SECRET, newClientId } from '../app-credentials';
import { AppRow, StoreAppsRepository } from './store-apps.repository';
import type { OAuthAppCredentialsDto, OAuthAppDto } from './store-app.dto';
import { toOAuthAppCredentialsDto, toOAuthAppDto } from './store-app.mapper';

/** A change's event; `data` is the app as its list shows it (never the secret). */
const appEvent = (type: 'app.created' | 'app.secret_rotated', caller: AccountCaller, row: AppRow) => ({
  storeId: row.store_id,
  type,
  caller,
  data: toOAuthAppDto(row),
});

export interface CreateStoreApp {
  name: string;
  scopes?: string[];
}

/**
 * A store's own apps (OAuth apps on the wire), for the members whose role allows integrations: the route's
 * access rule decided the store (from the body's or query's `storeId`, or through the app's id), and
 * another store's app is indistinguishable from one that does not exist (404). The client secret's life —
 * issued and shown once, hashed, rotated, deleted, each change with its event — is every credential's
 * (SecretHasher.issue, changeAndEmit). No SQL here (StoreAppsRepository).
 */
@Injectable()
export class StoreAppsService {
  constructor(
    private readonly apps: StoreAppsRepository,
    private readonly stores: StoresService,
    private readonly hasher: SecretHasher,
    private readonly events: EventsWriter,
  ) {}

  async create(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    input: CreateStoreApp,
  ): Promise<OAuthAppCredentialsDto> {
    const app = {
      name: input.name,
      clientId: newClientId('sfc_'),
      scopes: canonicalScopes(input.scopes ?? APP_SCOPES),
    };
    const secret = this.hasher.issue(APP_CLIENT_SECRET);
    const row = await changeAndEmit(
      this.events,
      this.apps,
      (tx) => this.apps.insert(tx, storeId, app, secret),
      (inserted) => appEvent('app.created', caller, inserted),
    );
    if (!row) throw AppErrors.storeNotFound();
    return toOAuthAppCredentialsDto(row, secret.value);
  }

  /** Oldest first. */
  async list({ storeId }: AccessibleStore): Promise<OAuthAppDto[]> {
    return (await this.apps.list(storeId)).map(toOAuthAppDto);
  }

  /**
   * A new secret; the version bump kills the old secret and, through the `ver` claim checked on every
   * request, every token it issued — at once, even one minted in the same millisecond.
   */
  async rotateSecret(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    appId: string,
  ): Promise<OAuthAppCredentialsDto> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    const secret = this.hasher.issue(APP_CLIENT_SECRET);
    const row = await changeAndEmit(
      this.events,
      this.apps,
      (tx) => this.apps.rotate(tx, storeId, appId, secret),
      (rotated) => appEvent('app.secret_rotated', caller, rotated),
    );
    if (!row) throw AppErrors.appNotFound();
    return toOAuthAppCredentialsDto(row, secret.value);
  }

  /** The app and with it every token it issued (the liveness read finds no app). */
  async remove(caller: AccountCaller, { storeId }: AccessibleStore, appId: string): Promise<void> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    const deleted = await changeAndEmit(
      this.events,
      this.apps,
      (tx) => this.apps.delete(tx, storeId, appId),
      () => ({ storeId, type: 'app.deleted', caller, data: { id: appId } }),
    );
    if (!deleted) throw AppErrors.appNotFound();
  }

  /** `GET /v1/app/store`: the app token's own store (scope `store:read`). */
  async storeOf(caller: AppCaller): Promise<{ id: string; name: string }> {
    if (!caller.scopes.includes('store:read')) throw Errors.insufficientScope('This token lacks store:read.');
    const store = await this.stores.publicProfile(caller.storeId);
    if (!store) throw AppErrors.storeNotFound();
    return { id: store.id, name: store.name };
  }
}
