import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';
import { OAuthAppEntity } from './entities/oauth-app.entity';
import { insertInStore, listInStore } from '@app/stores';

export interface AppRow {
  id: string;
  store_id: string;
  name: string;
  client_id: string;
  scopes: string[];
  created_at: Date;
  secret_hint: string;
}

const COLUMNS = 'id, store_id, name, client_id, scopes, created_at, secret_hint';
const APPS = { table: 'oauth_apps', alias: 'a', columns: COLUMNS };

/** What the token endpoint needs to authenticate a client. */
export interface ClientRow {
  id: string;
  store_id: string;
  secret_hash: string;
  secret_version: number;
  scopes: string[];
}

/**
 * The store of an OAuth app, for the access guard's membership read on `/v1/user/stores/oauth/apps/:appId`
 * routes (a STORE_LOCATOR wired in the composition root): an SQL expression of the app id parameter.
 */
export const APP_STORE_LOCATOR = {
  name: 'app',
  storeOf: (param: string) => `(SELECT a.store_id FROM oauth_apps a WHERE a.id = ${param})`,
};

/**
 * The `oauth_apps` table, and the app tokens revoked by jti. On the management routes every statement is
 * scoped by the store the route's access rule decided (an app is found by its id in that store), so
 * another store's app reads as missing; the authorization server reads by client id and the token's own
 * claims. Rotation and deletion go through TypeORM's QueryBuilder on OAuthAppEntity; the insert and the
 * list through @app/stores' insertInStore and listInStore; the per-request reads are SQL through Sql.
 * The management writes run in the caller's transaction (`tx`), where their event is written too.
 */
@Injectable()
export class OAuthAppsRepository {
  constructor(private readonly sql: Sql) {}

  /** Inserts an app in the store; undefined when the store is gone. */
  insert(
    tx: EntityManager,
    storeId: string,
    app: { name: string; clientId: string; secretHash: string; secretHint: string; scopes: string[] },
  ): Promise<AppRow | undefined> {
    return insertInStore<AppRow>(this.sql, tx, APPS, storeId, {
      name: app.name,
      client_id: app.clientId,
      secret_hash: app.secretHash,
      secret_hint: app.secretHint,
      scopes: app.scopes,
    });
  }

  /** The store's apps, oldest first. */
  list(storeId: string): Promise<AppRow[]> {
    return listInStore<AppRow>(this.sql, APPS, storeId);
  }

  /** A new secret and a bumped version (which kills every token of the old one). */
  async rotate(
    tx: EntityManager,
    storeId: string,
    appId: string,
    secret: { hash: string; hint: string },
  ): Promise<AppRow | undefined> {
    const result = await tx
      .getRepository(OAuthAppEntity)
      .createQueryBuilder()
      .update()
      .set({
        secretHash: secret.hash,
        secretHint: secret.hint,
        secretVersion: () => 'secret_version + 1',
        secretRotatedAt: () => 'clock_timestamp()',
      })
      .where('id = :appId AND store_id = :storeId', { appId, storeId })
      .returning(COLUMNS)
      .updateEntity(false)
      .execute();
    return (result.raw as AppRow[])[0];
  }

  /** Deletes the store's app; false when there was none. */
  async delete(tx: EntityManager, storeId: string, appId: string): Promise<boolean> {
    const result = await tx
      .getRepository(OAuthAppEntity)
      .createQueryBuilder()
      .delete()
      .where('id = :appId AND store_id = :storeId', { appId, storeId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * The app's name, in the caller's transaction (an event's actor); null when it is gone. An app token is a
   * store app's or an installed app's (§13, libs/installed-apps' table): the actor is named either way.
   */
  async nameOf(tx: EntityManager, appId: string): Promise<string | null> {
    const row = await this.sql.one<{ name: string }>(
      {
        text: `SELECT name FROM oauth_apps WHERE id = $1
               UNION ALL SELECT name FROM installable_apps WHERE id = $1 LIMIT 1`,
        values: [appId],
      },
      tx,
    );
    return row?.name ?? null;
  }

  /** Runs `work` in one transaction: a management write and its event commit together. */
  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /** The client behind a client id (one prepared statement: every token request reads it). */
  byClientId(clientId: string): Promise<ClientRow | undefined> {
    return this.sql.one<ClientRow>({
      name: 'oauth_app_by_client_id',
      text: `SELECT id, store_id, secret_hash, secret_version, scopes FROM oauth_apps WHERE client_id = $1`,
      values: [clientId],
    });
  }

  /**
   * The per-request revocation read for an app token: its app still exists in that store, with the
   * secret generation the token was issued under, and its jti was not revoked. One prepared statement
   * on the primary key plus a probe of revoked_tokens.
   */
  async isTokenLive(token: { appId: string; storeId: string; ver: number; jti: string }): Promise<boolean> {
    const row = await this.sql.one({
      name: 'oauth_app_token_live',
      text: `SELECT 1 AS live FROM oauth_apps a
        WHERE a.id = $1 AND a.store_id = $2 AND a.secret_version = $3
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $4)`,
      values: [token.appId, token.storeId, token.ver, token.jti],
    });
    return row !== undefined;
  }

  /** Revokes one app token by jti until it would have expired anyway (`exp`, seconds since the epoch). */
  async revokeToken(jti: string, exp: number): Promise<void> {
    await this.sql.run({
      name: 'oauth_revoke_jti',
      text: `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2))
       ON CONFLICT (jti) DO NOTHING`,
      values: [jti, exp],
    });
  }
}
