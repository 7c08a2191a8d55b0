import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';

/** An app as the token endpoint authenticates it: a store app (`store_id` set) or an installable app. */
export interface AppClientRow {
  id: string;
  /** The store a store app acts for; null for an installable app (its installations say where). */
  store_id: string | null;
  secret_hash: string;
  secret_version: number;
  scopes: string[];
}

/** What the liveness read checks of an app token: its claims. `installationId` null: a store app's token. */
export interface AppTokenKey {
  appId: string;
  storeId: string;
  ver: number;
  jti: string;
  installationId: string | null;
  grantId: string | null;
}

/**
 * What is read about an app through its client id or its token, whichever kind of app it is: the client the
 * token endpoint authenticates, the per-request revocation read of app tokens, the jti revocation of RFC 7009
 * and an app's name (an event's actor). Store apps (`oauth_apps`) and installable apps (`installable_apps`)
 * keep their own tables (docs/architecture.md, "Apps"); each statement here reads both, so the token endpoint
 * and the guard have one path for every app.
 */
@Injectable()
export class AppTokensRepository {
  constructor(private readonly sql: Sql) {}

  /** The app behind a client id (one prepared statement, two unique-index probes: every token request reads it). */
  clientByClientId(clientId: string): Promise<AppClientRow | undefined> {
    return this.sql.one<AppClientRow>({
      name: 'app_client_by_client_id',
      text: `SELECT id, store_id, secret_hash, secret_version, scopes FROM oauth_apps WHERE client_id = $1
             UNION ALL
             SELECT id, NULL::uuid, secret_hash, secret_version, scopes FROM installable_apps WHERE client_id = $1`,
      values: [clientId],
    });
  }

  /**
   * The per-request revocation read of every app token — one prepared statement per kind of token, chosen by
   * the token's claims, each a handful of primary-key probes. (One statement with a CASE over the two kinds
   * ran one branch, but PostgreSQL's generic plan initialised both subplans on every execution, the installed
   * branch being a three-table join: +45 µs of PostgreSQL CPU and −14 % req/s on every app-token request,
   * issue 42.) A store app's token is live while its app exists in that store (deleting the app or its store
   * cascades) with the secret generation the token carries (`ver`: a rotation bumps it — exact, unlike
   * comparing second-precision `iat` with the rotation time). An installed app's token (`iid`, `gid`) is live
   * while its grant is not revoked (a code replay, a refresh-token reuse, a wider consent), its installation
   * exists (an uninstall deletes it: refused on the very next request on every instance) and its app has that
   * secret generation. Either way its jti was not revoked through RFC 7009.
   */
  async isLive(token: AppTokenKey): Promise<boolean> {
    const row =
      token.installationId === null
        ? await this.sql.one({
            name: 'app_token_live_store',
            text: `SELECT 1 AS live FROM oauth_apps a
                    WHERE a.id = $1 AND a.store_id = $2 AND a.secret_version = $3
                      AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $4)`,
            values: [token.appId, token.storeId, token.ver, token.jti],
          })
        : await this.sql.one({
            name: 'app_token_live_installed',
            text: `SELECT 1 AS live FROM app_grants g
                     JOIN app_installations i ON i.id = g.installation_id
                     JOIN installable_apps a ON a.id = i.app_id
                    WHERE g.id = $5 AND g.revoked_at IS NULL AND i.id = $6 AND i.app_id = $1
                      AND i.store_id = $2 AND a.secret_version = $3
                      AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $4)`,
            values: [token.appId, token.storeId, token.ver, token.jti, token.grantId, token.installationId],
          });
    return row !== undefined;
  }

  /** Revokes one app token by jti until it would have expired anyway (`exp`, seconds since the epoch). */
  async revokeJti(jti: string, exp: number): Promise<void> {
    await this.sql.run({
      name: 'oauth_revoke_jti',
      text: `INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2))
       ON CONFLICT (jti) DO NOTHING`,
      values: [jti, exp],
    });
  }

  /** The app's name, in the caller's transaction (an event's actor), whichever kind; null when it is gone. */
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
}
