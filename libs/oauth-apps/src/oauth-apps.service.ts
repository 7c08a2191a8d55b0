import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AccountCaller, AppCaller, Errors, isUuid, randomSecret, SecretHasher } from '@app/core';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { OAuthAppErrors } from './oauth-apps.errors';
import { APP_SCOPES, canonicalScopes } from './scopes';

export const CLIENT_SECRET_PURPOSE = 'oauth_client_secret';
const SECRET_PREFIX = 'sfs_';
const CLIENT_ID_PREFIX = 'sfc_';

export interface OAuthAppView {
  id: string;
  storeId: string;
  name: string;
  clientId: string;
  scopes: string[];
  createdAt: string;
  secretHint: string;
}

export interface OAuthAppCredentials {
  id: string;
  storeId: string;
  name: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  createdAt: string;
}

export interface CreateOAuthApp {
  storeId: string;
  name: string;
  scopes?: string[];
}

interface AppRow {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  scopes: string[];
  created_at: Date;
  secret_hint: string;
}

const RETURNING = 'a.id, a.store_id, a.name, a.client_id, a.scopes, a.created_at, a.secret_hint';

/**
 * OAuth apps of the caller's stores. Ownership is part of every query (a join on `stores.owner_id`),
 * so another account's app or store is indistinguishable from one that does not exist (404).
 */
@Injectable()
export class OAuthAppsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly hasher: SecretHasher,
  ) {}

  async create(caller: AccountCaller, input: CreateOAuthApp): Promise<OAuthAppCredentials> {
    const scopes = canonicalScopes(input.scopes ?? APP_SCOPES);
    const secret = randomSecret(SECRET_PREFIX);
    const clientId = CLIENT_ID_PREFIX + randomBytes(16).toString('hex');
    const rows = (await this.db.query(
      `INSERT INTO oauth_apps AS a (store_id, name, client_id, secret_hash, secret_hint, scopes)
       SELECT s.id, $3, $4, $5, $6, $7 FROM stores s WHERE s.id = $1 AND s.owner_id = $2
       RETURNING ${RETURNING}`,
      [input.storeId, caller.accountId, input.name, clientId, ...this.secretColumns(secret), scopes],
    )) as AppRow[];
    if (!rows[0]) throw OAuthAppErrors.storeNotFound();
    return withSecret(rows[0], secret);
  }

  /** Oldest first. An unknown or foreign store is 404, not an empty list. */
  async list(caller: AccountCaller, storeId: string): Promise<OAuthAppView[]> {
    const rows = (await this.db.query(
      `SELECT s.id AS owned, ${RETURNING}
         FROM stores s LEFT JOIN oauth_apps a ON a.store_id = s.id
        WHERE s.id = $1 AND s.owner_id = $2
        ORDER BY a.created_at, a.id`,
      [storeId, caller.accountId],
    )) as (AppRow & { owned: string })[];
    if (rows.length === 0) throw OAuthAppErrors.storeNotFound();
    return rows.filter((r) => r.id !== null).map(toView);
  }

  /**
   * A new secret; the version bump kills the old secret and, through the `ver` claim checked on every
   * request, every token it issued — at once, even one minted in the same millisecond.
   */
  async rotateSecret(caller: AccountCaller, appId: string): Promise<OAuthAppCredentials> {
    if (!isUuid(appId)) throw OAuthAppErrors.appNotFound();
    const secret = randomSecret(SECRET_PREFIX);
    const [rows] = (await this.db.query(
      `UPDATE oauth_apps a
          SET secret_hash = $3, secret_hint = $4, secret_version = a.secret_version + 1,
              secret_rotated_at = clock_timestamp()
         FROM stores s
        WHERE a.id = $1 AND s.id = a.store_id AND s.owner_id = $2
        RETURNING ${RETURNING}`,
      [appId, caller.accountId, ...this.secretColumns(secret)],
    )) as [AppRow[], number];
    if (!rows[0]) throw OAuthAppErrors.appNotFound();
    return withSecret(rows[0], secret);
  }

  /** The app and with it every token it issued (the liveness read finds no app). */
  async remove(caller: AccountCaller, appId: string): Promise<void> {
    if (!isUuid(appId)) throw OAuthAppErrors.appNotFound();
    const [rows] = (await this.db.query(
      `DELETE FROM oauth_apps a USING stores s
        WHERE a.id = $1 AND s.id = a.store_id AND s.owner_id = $2 RETURNING a.id`,
      [appId, caller.accountId],
    )) as [{ id: string }[], number];
    if (!rows[0]) throw OAuthAppErrors.appNotFound();
  }

  /** `GET /v1/app/store`: the app token's own store (scope `store:read`). */
  async storeOf(caller: AppCaller): Promise<{ id: string; name: string }> {
    if (!caller.scopes.includes('store:read')) throw Errors.insufficientScope('This token lacks store:read.');
    const rows = (await this.db.query(`SELECT id, name FROM stores WHERE id = $1`, [caller.storeId])) as {
      id: string;
      name: string;
    }[];
    if (!rows[0]) throw OAuthAppErrors.storeNotFound();
    return { id: rows[0].id, name: rows[0].name };
  }

  private secretColumns(secret: string): [string, string] {
    return [this.hasher.hash(CLIENT_SECRET_PURPOSE, secret), secret.slice(-4)];
  }
}

function toView(row: AppRow): OAuthAppView {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    scopes: canonicalScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
    secretHint: row.secret_hint,
  };
}

function withSecret(row: AppRow, clientSecret: string): OAuthAppCredentials {
  return {
    id: row.id,
    storeId: row.store_id,
    name: row.name,
    clientId: row.client_id,
    clientSecret,
    scopes: canonicalScopes(row.scopes),
    createdAt: row.created_at.toISOString(),
  };
}
