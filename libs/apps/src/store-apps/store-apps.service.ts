import { Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  APP_SCOPES,
  AppCaller,
  canonicalScopes,
  Errors,
  isUuid,
  randomSecret,
  SecretHasher,
} from '@app/core';
import { EventsWriter } from '@app/events';
import { StoresService } from '@app/stores';
import { randomBytes } from 'node:crypto';
import { AppRow, OAuthAppsRepository } from './oauth-apps.repository';
import { OAuthAppErrors } from './oauth-apps.errors';
import type { OAuthAppCredentialsDto, OAuthAppDto } from './dto/oauth-app.dto';
import { toOAuthAppCredentialsDto, toOAuthAppDto } from './oauth-app.mapper';

export const CLIENT_SECRET_PURPOSE = 'oauth_client_secret';
const SECRET_PREFIX = 'sfs_';
const CLIENT_ID_PREFIX = 'sfc_';

/** A change's event; `data` is the app as its list shows it (never the secret). */
const appEvent = (type: 'app.created' | 'app.secret_rotated', caller: AccountCaller, row: AppRow) => ({
  storeId: row.store_id,
  type,
  caller,
  data: toOAuthAppDto(row),
});

export interface CreateOAuthApp {
  name: string;
  scopes?: string[];
}

/**
 * OAuth apps of a store, for the members whose role allows integrations: the route's access rule decided
 * the store (from the body's or query's `storeId`, or through the app's id), and another store's app is
 * indistinguishable from one that does not exist (404). No SQL here (OAuthAppsRepository).
 */
@Injectable()
export class OAuthAppsService {
  constructor(
    private readonly apps: OAuthAppsRepository,
    private readonly stores: StoresService,
    private readonly hasher: SecretHasher,
    private readonly events: EventsWriter,
  ) {}

  async create(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    input: CreateOAuthApp,
  ): Promise<OAuthAppCredentialsDto> {
    const scopes = canonicalScopes(input.scopes ?? APP_SCOPES);
    const secret = randomSecret(SECRET_PREFIX);
    const clientId = CLIENT_ID_PREFIX + randomBytes(16).toString('hex');
    const [secretHash, secretHint] = this.secretColumns(secret);
    const row = await this.apps.transaction(async (tx) => {
      const inserted = await this.apps.insert(tx, storeId, {
        name: input.name,
        clientId,
        secretHash,
        secretHint,
        scopes,
      });
      if (inserted) await this.events.emit(tx, appEvent('app.created', caller, inserted));
      return inserted;
    });
    if (!row) throw OAuthAppErrors.storeNotFound();
    return toOAuthAppCredentialsDto(row, secret);
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
    if (!isUuid(appId)) throw OAuthAppErrors.appNotFound();
    const secret = randomSecret(SECRET_PREFIX);
    const [hash, hint] = this.secretColumns(secret);
    const row = await this.apps.transaction(async (tx) => {
      const rotated = await this.apps.rotate(tx, storeId, appId, { hash, hint });
      if (rotated) await this.events.emit(tx, appEvent('app.secret_rotated', caller, rotated));
      return rotated;
    });
    if (!row) throw OAuthAppErrors.appNotFound();
    return toOAuthAppCredentialsDto(row, secret);
  }

  /** The app and with it every token it issued (the liveness read finds no app). */
  async remove(caller: AccountCaller, { storeId }: AccessibleStore, appId: string): Promise<void> {
    if (!isUuid(appId)) throw OAuthAppErrors.appNotFound();
    const deleted = await this.apps.transaction(async (tx) => {
      const gone = await this.apps.delete(tx, storeId, appId);
      if (gone) await this.events.emit(tx, { storeId, type: 'app.deleted', caller, data: { id: appId } });
      return gone;
    });
    if (!deleted) throw OAuthAppErrors.appNotFound();
  }

  /** `GET /v1/app/store`: the app token's own store (scope `store:read`). */
  async storeOf(caller: AppCaller): Promise<{ id: string; name: string }> {
    if (!caller.scopes.includes('store:read')) throw Errors.insufficientScope('This token lacks store:read.');
    const store = await this.stores.publicProfile(caller.storeId);
    if (!store) throw OAuthAppErrors.storeNotFound();
    return { id: store.id, name: store.name };
  }

  private secretColumns(secret: string): [string, string] {
    return [this.hasher.hash(CLIENT_SECRET_PURPOSE, secret), secret.slice(-4)];
  }
}
