import { Injectable } from '@nestjs/common';
import { Sql } from '@app/database';
import type { EntityManager } from 'typeorm';

/** An installable app as its developer's routes show it. */
export interface DeveloperAppRow {
  id: string;
  developer_id: string;
  name: string;
  client_id: string;
  redirect_uris: string[];
  scopes: string[];
  homepage_url: string | null;
  webhook_url: string | null;
  webhook_events: string[];
  secret_hint: string;
  webhook_secret_hint: string;
  created_at: Date;
  install_count: number;
}

/** What the authorization endpoint and the consent need of a client (its authentication is ClientAuthentication's). */
export interface InstallableClientRow {
  id: string;
  name: string;
  homepage_url: string | null;
  redirect_uris: string[];
  scopes: string[];
}

export interface AppInstallationRow {
  id: string;
  store_id: string;
  store_name: string;
  scopes: string[];
  created_at: Date;
}

const COLUMNS = `a.id, a.developer_id, a.name, a.client_id, a.redirect_uris, a.scopes, a.homepage_url, a.webhook_url,
  a.webhook_events, a.secret_hint, a.webhook_secret_hint, a.created_at,
  (SELECT count(*)::int FROM app_installations i WHERE i.app_id = a.id) AS install_count`;

const PATCHABLE = {
  name: 'name',
  redirectUris: 'redirect_uris',
  scopes: 'scopes',
  homepageUrl: 'homepage_url',
  webhookUrl: 'webhook_url',
  webhookEvents: 'webhook_events',
} as const;
export type DeveloperAppPatch = Partial<Record<keyof typeof PATCHABLE, unknown>>;

/**
 * The `installable_apps` table. The developer's routes read and write by `(id, developer_id)`, so another
 * account's app reads as missing (404 `app_not_found`); the authorization server reads by client id.
 */
@Injectable()
export class DeveloperAppsRepository {
  constructor(private readonly sql: Sql) {}

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  async insert(
    tx: EntityManager,
    app: {
      id: string;
      developerId: string;
      name: string;
      clientId: string;
      secretHash: string;
      secretHint: string;
      redirectUris: string[];
      scopes: string[];
      homepageUrl: string | null;
      webhookUrl: string | null;
      webhookEvents: string[];
      webhookSecretSealed: string;
      webhookSecretHint: string;
    },
  ): Promise<DeveloperAppRow> {
    const row = await this.sql.one<DeveloperAppRow>(
      {
        text: `INSERT INTO installable_apps AS a (id, developer_id, name, client_id, secret_hash, secret_hint, redirect_uris,
                 scopes, homepage_url, webhook_url, webhook_events, webhook_secret_sealed, webhook_secret_hint)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
        values: [
          app.id,
          app.developerId,
          app.name,
          app.clientId,
          app.secretHash,
          app.secretHint,
          app.redirectUris,
          app.scopes,
          app.homepageUrl,
          app.webhookUrl,
          app.webhookEvents,
          app.webhookSecretSealed,
          app.webhookSecretHint,
        ],
      },
      tx,
    );
    return row!;
  }

  /** The developer's apps, oldest first. */
  list(developerId: string): Promise<DeveloperAppRow[]> {
    return this.sql.rows<DeveloperAppRow>({
      text: `SELECT ${COLUMNS} FROM installable_apps a WHERE a.developer_id = $1 ORDER BY a.created_at, a.id`,
      values: [developerId],
    });
  }

  get(developerId: string, appId: string, tx?: EntityManager): Promise<DeveloperAppRow | undefined> {
    return this.sql.one<DeveloperAppRow>(
      {
        text: `SELECT ${COLUMNS} FROM installable_apps a WHERE a.id = $1 AND a.developer_id = $2`,
        values: [appId, developerId],
      },
      tx,
    );
  }

  /** Changes the given fields (a row lock for the rest of the transaction); undefined when not the developer's. */
  update(
    tx: EntityManager,
    developerId: string,
    appId: string,
    patch: DeveloperAppPatch,
  ): Promise<DeveloperAppRow | undefined> {
    const values: unknown[] = [appId, developerId];
    const sets = ['updated_at = now()'];
    for (const [key, column] of Object.entries(PATCHABLE)) {
      const value = patch[key as keyof DeveloperAppPatch];
      if (value === undefined) continue;
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
    return this.sql.one<DeveloperAppRow>(
      {
        text: `UPDATE installable_apps a SET ${sets.join(', ')}
                WHERE a.id = $1 AND a.developer_id = $2 RETURNING ${COLUMNS}`,
        values,
      },
      tx,
    );
  }

  /** Deletes the app: its installations, grants, tokens and endpoints go with it (foreign keys). */
  async delete(tx: EntityManager, developerId: string, appId: string): Promise<boolean> {
    const result = await this.sql.run(
      {
        text: `DELETE FROM installable_apps WHERE id = $1 AND developer_id = $2`,
        values: [appId, developerId],
      },
      tx,
    );
    return result.rowCount > 0;
  }

  /** A new client secret; the version bump refuses every access token of the app at once. */
  rotateSecret(
    developerId: string,
    appId: string,
    secret: { hash: string; hint: string },
  ): Promise<DeveloperAppRow | undefined> {
    return this.sql.one<DeveloperAppRow>({
      text: `UPDATE installable_apps a
                SET secret_hash = $3, secret_hint = $4, secret_version = a.secret_version + 1, updated_at = now()
              WHERE a.id = $1 AND a.developer_id = $2 RETURNING ${COLUMNS}`,
      values: [appId, developerId, secret.hash, secret.hint],
    });
  }

  /** A new webhook secret; the current one keeps signing beside it for 24 hours. */
  rotateWebhookSecret(
    tx: EntityManager,
    developerId: string,
    appId: string,
    secret: { sealed: string; hint: string },
  ): Promise<DeveloperAppRow | undefined> {
    return this.sql.one<DeveloperAppRow>(
      {
        text: `UPDATE installable_apps a
                  SET previous_webhook_secret_sealed = a.webhook_secret_sealed,
                      previous_webhook_secret_until = now() + interval '24 hours',
                      webhook_secret_sealed = $3, webhook_secret_hint = $4, updated_at = now()
                WHERE a.id = $1 AND a.developer_id = $2 RETURNING ${COLUMNS}`,
        values: [appId, developerId, secret.sealed, secret.hint],
      },
      tx,
    );
  }

  /** The client behind a client id (one prepared statement: every authorize request reads it). */
  byClientId(clientId: string): Promise<InstallableClientRow | undefined> {
    return this.sql.one<InstallableClientRow>({
      name: 'installable_app_by_client_id',
      text: `SELECT id, name, homepage_url, redirect_uris, scopes
               FROM installable_apps WHERE client_id = $1`,
      values: [clientId],
    });
  }

  /** The stores that installed the developer's app, oldest installation first; undefined when not the developer's. */
  async installations(developerId: string, appId: string): Promise<AppInstallationRow[] | undefined> {
    const rows = await this.sql.rows<AppInstallationRow & { app_found: boolean }>({
      text: `SELECT i.id, i.store_id, s.name AS store_name, i.scopes, i.created_at
               FROM installable_apps a
               JOIN app_installations i ON i.app_id = a.id
               JOIN stores s ON s.id = i.store_id
              WHERE a.id = $1 AND a.developer_id = $2
              ORDER BY i.created_at, i.id`,
      values: [appId, developerId],
    });
    if (rows.length > 0) return rows;
    return (await this.get(developerId, appId)) ? [] : undefined;
  }
}
