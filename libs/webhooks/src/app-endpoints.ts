import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/core';
import { Sql } from '@app/database';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { endpointUrlProblem } from './endpoint-url';
import { SealedSecret, SigningSecretBox } from './signing-secrets';

/** An installed app's webhook secrets, sealed for the app's row (its id as associated data). */
export interface SealedAppSecrets {
  current: string;
  previous: string | null;
  previousUntil: Date | null;
}

/** What an installed app's endpoint for one store should be (§13 App webhooks). */
export interface AppEndpointSpec {
  appId: string;
  storeId: string;
  /** The app's developer: told by e-mail when the endpoint is disabled for failing, as an owner is. */
  developerId: string;
  /** The app's `webhookUrl`; null: the app takes no webhooks, so the store has no live endpoint for it. */
  url: string | null;
  /** The types to deliver: what the app subscribed to that the installation's scopes can read. */
  events: string[];
  secrets: SealedAppSecrets;
}

/**
 * Installed apps' webhook endpoints (§13): one row of `webhook_endpoints` per app and store that installed
 * it, carrying `app_id`, so app webhooks go through the very same delivery machinery as a store's own
 * endpoints — the events sink writes their deliveries in the change's transaction, the worker claims,
 * signs, retries and books them — with no second sender. The apps context decides what each
 * endpoint subscribes to; this class owns the table and the sealing of secrets.
 *
 * Uninstalling **retires** the endpoint (no event types: the sink never matches it again) rather than
 * deleting it, so the `app.uninstalled` delivery written in the same transaction still goes out, and
 * nothing of that store after it. A re-install reuses the row.
 */
@Injectable()
export class AppEndpointsRepository {
  constructor(
    private readonly sql: Sql,
    private readonly box: SigningSecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Why an app's `webhookUrl` is refused, or null (§11's URL rules). */
  urlProblem(url: string): string | null {
    return endpointUrlProblem(url, this.config.webhookAllowLocal);
  }

  /** A new app webhook secret (`whsec_…`), sealed for the app's row. */
  newAppSecret(appId: string): SealedSecret {
    return this.box.issue(`app:${appId}`);
  }

  /** Makes the app's endpoint for the store what `spec` says (creating it on first install). */
  async upsert(tx: EntityManager, spec: AppEndpointSpec): Promise<void> {
    const existing = await this.sql.one<{ id: string; url: string }>(
      {
        text: `SELECT id, url FROM webhook_endpoints WHERE app_id = $1 AND store_id = $2 FOR UPDATE`,
        values: [spec.appId, spec.storeId],
      },
      tx,
    );
    if (spec.url === null) {
      if (existing) await this.retire(tx, spec.appId, spec.storeId);
      return;
    }
    const id = existing?.id ?? randomUUID();
    const current = this.box.open(`app:${spec.appId}`, spec.secrets.current);
    let previous: string | null = null;
    if (spec.secrets.previous && spec.secrets.previousUntil && spec.secrets.previousUntil > new Date()) {
      try {
        previous = this.box.open(`app:${spec.appId}`, spec.secrets.previous);
      } catch {
        previous = null;
      }
    }
    const values = [
      id,
      spec.storeId,
      spec.appId,
      spec.developerId,
      spec.url,
      spec.events,
      this.box.seal(id, current),
      current.slice(-4),
      previous ? this.box.seal(id, previous) : null,
      previous ? spec.secrets.previousUntil : null,
    ];
    if (existing) {
      // A new URL is a fresh start (as a store endpoint's): enabled, its runs of failures forgotten.
      await this.sql.run(
        {
          text: `UPDATE webhook_endpoints w
                    SET url = $5::varchar, events = $6::text[], secret_sealed = $7, secret_hint = $8,
                        previous_secret_sealed = $9, previous_secret_until = $10, created_by = $4,
                        enabled = CASE WHEN w.url = $5::varchar THEN w.enabled ELSE true END,
                        disabled_reason = CASE WHEN w.url = $5::varchar THEN w.disabled_reason END,
                        consecutive_failures = CASE WHEN w.url = $5::varchar THEN w.consecutive_failures ELSE 0 END,
                        consecutive_timeouts = CASE WHEN w.url = $5::varchar THEN w.consecutive_timeouts ELSE 0 END,
                        updated_at = now()
                  WHERE w.id = $1 AND w.store_id = $2 AND w.app_id = $3`,
          values,
        },
        tx,
      );
      return;
    }
    await this.sql.run(
      {
        text: `INSERT INTO webhook_endpoints
                 (id, store_id, app_id, created_by, url, events, secret_sealed, secret_hint,
                  previous_secret_sealed, previous_secret_until, description)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'installed app')`,
        values,
      },
      tx,
    );
  }

  /**
   * After the app's `app.uninstalled` for the store was emitted (its delivery written): no type matches the
   * endpoint any more, so nothing of the store reaches the app after it. The pending delivery still goes.
   */
  async retire(tx: EntityManager, appId: string, storeId: string): Promise<void> {
    await this.sql.run(
      {
        text: `UPDATE webhook_endpoints SET events = '{}', updated_at = now() WHERE app_id = $1 AND store_id = $2`,
        values: [appId, storeId],
      },
      tx,
    );
  }
}
