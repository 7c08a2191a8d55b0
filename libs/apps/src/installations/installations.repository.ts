import { Inject, Injectable } from '@nestjs/common';
import { MEMBERSHIP_SQL, MembershipSql } from '@app/core';
import type { Role } from '@app/sdk';
import { Sql } from '@app/database';
import { EXISTING_STORE } from '@app/stores';
import type { EntityManager } from 'typeorm';

/** The app's webhook settings and secrets, sealed (for its endpoints in the stores that installed it). */
export interface AppWebhookRow {
  id: string;
  developer_id: string;
  webhook_url: string | null;
  webhook_events: string[];
  webhook_secret_sealed: string;
  previous_webhook_secret_sealed: string | null;
  previous_webhook_secret_until: Date | null;
}

export interface InstallationRow {
  id: string;
  app_id: string;
  store_id: string;
  scopes: string[];
  created_at: Date;
}

export interface StoreInstallationRow extends InstallationRow {
  app_name: string;
  homepage_url: string | null;
  installed_by: string;
  installed_by_email: string | null;
}

export interface CodeRow {
  app_id: string;
  installation_id: string;
  store_id: string;
  account_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: string[];
  fresh: boolean;
}

export interface RotationRow {
  grant_id: string;
  installation_id: string;
  store_id: string;
  scopes: string[];
  scope_ok: boolean;
  /** Revoked before, or now (reuse). */
  refused: boolean;
  /** The next refresh token was stored. */
  issued: boolean;
}

/**
 * Installations, authorization codes, grants and refresh tokens (§13): every statement that touches them,
 * but the per-request liveness read of an installed app's token (AppTokensRepository, with the store apps').
 * The store routes' statements carry the store the route's access rule decided; the token endpoint's carry
 * the authenticated client's app id, so a code or token of another app reads as unknown.
 */
@Injectable()
export class InstallationsRepository {
  constructor(
    private readonly sql: Sql,
    @Inject(MEMBERSHIP_SQL) private readonly memberships: MembershipSql,
  ) {}

  transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    return this.sql.transaction(work);
  }

  /** The caller's role in the store, or undefined when it is not a member (or there is no such store). */
  async roleIn(accountId: string, storeId: string, tx?: EntityManager): Promise<Role | undefined> {
    const row = await this.sql.one<{ role: Role }>(
      {
        text: `SELECT m.role FROM ${this.memberships.membership('$1::uuid', '$2::uuid')} m`,
        values: [storeId, accountId],
      },
      tx,
    );
    return row?.role;
  }

  /** The app's webhook settings and sealed secrets, for its endpoints in the stores that installed it (in the caller's transaction). */
  webhookOf(tx: EntityManager, appId: string): Promise<AppWebhookRow | undefined> {
    return this.sql.one<AppWebhookRow>(
      {
        text: `SELECT id, developer_id, webhook_url, webhook_events, webhook_secret_sealed,
                      previous_webhook_secret_sealed, previous_webhook_secret_until
                 FROM installable_apps WHERE id = $1`,
        values: [appId],
      },
      tx,
    );
  }

  /** The app's installation in each of the given stores. */
  installedIn(appId: string, storeIds: string[]): Promise<{ store_id: string; scopes: string[] }[]> {
    return this.sql.rows({
      text: `SELECT store_id, scopes FROM app_installations WHERE app_id = $1 AND store_id = ANY ($2::uuid[])`,
      values: [appId, storeIds],
    });
  }

  /** The app's installation in the store, locked for the rest of the transaction. */
  lockInstallation(tx: EntityManager, appId: string, storeId: string): Promise<InstallationRow | undefined> {
    return this.sql.one<InstallationRow>(
      {
        text: `SELECT id, app_id, store_id, scopes, created_at FROM app_installations
                WHERE app_id = $1 AND store_id = $2 FOR UPDATE`,
        values: [appId, storeId],
      },
      tx,
    );
  }

  /** A new installation; undefined when the store is gone. */
  insertInstallation(
    tx: EntityManager,
    install: { appId: string; storeId: string; scopes: string[]; installedBy: string },
  ): Promise<InstallationRow | undefined> {
    return this.sql.one<InstallationRow>(
      {
        text: `INSERT INTO app_installations (app_id, store_id, scopes, installed_by)
               SELECT $1, s.id, $3, $4 FROM ${EXISTING_STORE('$2')} s
               RETURNING id, app_id, store_id, scopes, created_at`,
        values: [install.appId, install.storeId, install.scopes, install.installedBy],
      },
      tx,
    );
  }

  /** Wider scopes for the installation, and every earlier grant of it revoked (the grant is replaced). */
  async widen(tx: EntityManager, installationId: string, scopes: string[]): Promise<InstallationRow> {
    await this.sql.run(
      {
        text: `UPDATE app_grants SET revoked_at = now() WHERE installation_id = $1 AND revoked_at IS NULL`,
        values: [installationId],
      },
      tx,
    );
    const row = await this.sql.one<InstallationRow>(
      {
        text: `UPDATE app_installations SET scopes = $2 WHERE id = $1
               RETURNING id, app_id, store_id, scopes, created_at`,
        values: [installationId, scopes],
      },
      tx,
    );
    return row!;
  }

  /** A code, bound to the installation its consent made or widened (an uninstall deletes it). */
  async insertCode(
    tx: EntityManager,
    code: {
      hash: string;
      installationId: string;
      appId: string;
      storeId: string;
      accountId: string;
      redirectUri: string;
      codeChallenge: string;
      scopes: string[];
      ttlSeconds: number;
    },
  ): Promise<void> {
    await this.sql.run(
      {
        text: `INSERT INTO app_authorization_codes
                 (code_hash, app_id, store_id, account_id, redirect_uri, code_challenge, scopes, expires_at,
                  installation_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9)`,
        values: [
          code.hash,
          code.appId,
          code.storeId,
          code.accountId,
          code.redirectUri,
          code.codeChallenge,
          code.scopes,
          code.ttlSeconds,
          code.installationId,
        ],
      },
      tx,
    );
  }

  /**
   * Takes the code — one conditional UPDATE, so of two concurrent exchanges exactly one gets it. Undefined
   * when it is unknown or was taken before; then a code that WAS taken has its grant revoked (a replay: every
   * token issued from it is refused from then on), which `replayed` tells.
   */
  async takeCode(tx: EntityManager, hash: string): Promise<{ code?: CodeRow; replayed: boolean }> {
    const code = await this.sql.one<CodeRow>(
      {
        name: 'app_code_take',
        // The code's installation is locked first (KEY SHARE, as the grant's foreign key would): the same
        // order as an uninstall (installation, then its codes by cascade), so the two never deadlock.
        text: `WITH installed AS (
                 SELECT c.code_hash FROM app_authorization_codes c
                   JOIN app_installations i ON i.id = c.installation_id
                  WHERE c.code_hash = $1
                    FOR KEY SHARE OF i)
               UPDATE app_authorization_codes SET used_at = now()
                WHERE code_hash = $1 AND used_at IS NULL AND code_hash IN (SELECT code_hash FROM installed)
                RETURNING app_id, installation_id, store_id, account_id, redirect_uri, code_challenge, scopes,
                          expires_at > clock_timestamp() AS fresh`,
        values: [hash],
      },
      tx,
    );
    if (code) return { code, replayed: false };
    const replay = await this.sql.run(
      {
        text: `UPDATE app_grants g SET revoked_at = coalesce(g.revoked_at, now())
                 FROM app_authorization_codes c WHERE c.code_hash = $1 AND c.grant_id = g.id`,
        values: [hash],
      },
      tx,
    );
    return { replayed: replay.rowCount > 0 };
  }

  /**
   * The code's exchange: a grant of the code's own installation, only while that installation still holds
   * every scope of the code, with its first refresh token (`refreshHash`, generation 1) live. Undefined when
   * it does not (the installation's row is locked by its foreign key: an uninstall waits or went first).
   */
  async insertGrant(
    tx: EntityManager,
    grant: { installationId: string; scopes: string[]; codeHash: string; refreshHash: string },
  ): Promise<{ id: string; installation_id: string } | undefined> {
    const row = await this.sql.one<{ id: string; installation_id: string }>(
      {
        text: `INSERT INTO app_grants (installation_id, scopes, live_token_hash)
               SELECT i.id, $2, $3 FROM app_installations i WHERE i.id = $1 AND $2::varchar[] <@ i.scopes
               RETURNING id, installation_id`,
        values: [grant.installationId, grant.scopes, grant.refreshHash],
      },
      tx,
    );
    if (row) {
      await this.sql.run(
        {
          text: `UPDATE app_authorization_codes SET grant_id = $2 WHERE code_hash = $1`,
          values: [grant.codeHash, row.id],
        },
        tx,
      );
      await this.sql.run(
        {
          name: 'app_refresh_insert',
          text: `INSERT INTO app_refresh_tokens (token_hash, grant_id, generation) VALUES ($1, $2, 1)`,
          values: [grant.refreshHash, row.id],
        },
        tx,
      );
    }
    return row;
  }

  /**
   * The refresh-token grant in ONE statement (no transaction round trips; measured: bench
   * `installed-refresh`), and the one place a refresh token's successor is issued. The grant row decides,
   * through one conditional UPDATE: the presented token is the grant's live token (its successor becomes
   * live, and it becomes the previous one) or the previous one while the live one is unused (a new successor
   * replaces the live one, which is dead from then on). Concurrent uses of one token wait for the row and
   * re-check the condition on what the one before them wrote, so each replaces the successor of the one
   * before: one live successor, never a fork. A token of the grant that is neither is reuse: the grant is
   * revoked (with fitting scopes, "not rotated" on a live grant can only mean that — the UPDATE above
   * judged the row's newest version). Nothing is issued when the asked scopes (`scopes`, null: the grant's)
   * do not fit the grant.
   * Answers what it found and did; undefined: unknown token (or another app's).
   */
  rotateRefreshToken(
    hash: string,
    appId: string,
    nextHash: string,
    scopes: string[] | null,
  ): Promise<RotationRow | undefined> {
    return this.sql.one<RotationRow>({
      name: 'app_refresh_rotate',
      text: `WITH t AS (
               SELECT r.generation, g.id AS grant_id, g.revoked_at IS NOT NULL AS revoked,
                      g.scopes, i.id AS installation_id, i.store_id,
                      ($4::varchar[] IS NULL OR $4::varchar[] <@ g.scopes) AS scope_ok
                 FROM app_refresh_tokens r
                 JOIN app_grants g ON g.id = r.grant_id
                 JOIN app_installations i ON i.id = g.installation_id
                WHERE r.token_hash = $1 AND i.app_id = $2),
             rotated AS (
               UPDATE app_grants g
                  SET live_token_hash = $3,
                      previous_token_hash = CASE WHEN g.live_token_hash = $1 THEN $1 ELSE g.previous_token_hash END
                 FROM t
                WHERE g.id = t.grant_id AND t.scope_ok AND g.revoked_at IS NULL
                  AND (g.live_token_hash = $1 OR g.previous_token_hash = $1)
               RETURNING g.id),
             reuse AS (
               UPDATE app_grants g SET revoked_at = now() FROM t
                WHERE g.id = t.grant_id AND g.revoked_at IS NULL AND NOT EXISTS (SELECT 1 FROM rotated)
                  AND (t.scope_ok
                       OR (g.live_token_hash IS DISTINCT FROM $1 AND g.previous_token_hash IS DISTINCT FROM $1))
               RETURNING g.id),
             issued AS (
               INSERT INTO app_refresh_tokens (token_hash, grant_id, generation)
               SELECT $3, rotated.id, t.generation + 1 FROM rotated, t
               RETURNING grant_id)
             SELECT t.grant_id, t.installation_id, t.store_id, t.scopes, t.scope_ok,
                    t.revoked OR EXISTS (SELECT 1 FROM reuse) AS refused,
                    EXISTS (SELECT 1 FROM issued) AS issued
               FROM t`,
      values: [hash, appId, nextHash, scopes],
    });
  }

  /** RFC 7009 for a refresh token of the app: its grant (and so every token of it) is revoked. */
  async revokeByRefreshToken(hash: string, appId: string): Promise<void> {
    await this.sql.run({
      text: `UPDATE app_grants g SET revoked_at = coalesce(g.revoked_at, now())
               FROM app_refresh_tokens r, app_installations i
              WHERE r.token_hash = $1 AND g.id = r.grant_id AND i.id = g.installation_id AND i.app_id = $2`,
      values: [hash, appId],
    });
  }

  /** The store's installed apps, oldest installation first, with who installed each. */
  listForStore(storeId: string): Promise<StoreInstallationRow[]> {
    return this.sql.rows<StoreInstallationRow>({
      text: `SELECT i.id, i.app_id, i.store_id, i.scopes, i.created_at, a.name AS app_name, a.homepage_url,
                    i.installed_by, (SELECT ac.email FROM accounts ac WHERE ac.id = i.installed_by) AS installed_by_email
               FROM app_installations i JOIN installable_apps a ON a.id = i.app_id
              WHERE i.store_id = $1 ORDER BY i.created_at, i.id`,
      values: [storeId],
    });
  }

  /** Uninstalls: the row goes (and with it its codes, grants and refresh tokens); undefined when not the store's. */
  deleteInstallation(
    tx: EntityManager,
    storeId: string,
    installationId: string,
  ): Promise<InstallationRow | undefined> {
    return this.sql.one<InstallationRow>(
      {
        text: `DELETE FROM app_installations WHERE id = $1 AND store_id = $2
               RETURNING id, app_id, store_id, scopes, created_at`,
        values: [installationId, storeId],
      },
      tx,
    );
  }

  /** Every installation of the app, locked (before the app is deleted). */
  lockAllOfApp(tx: EntityManager, appId: string): Promise<InstallationRow[]> {
    return this.sql.rows<InstallationRow>(
      {
        text: `SELECT id, app_id, store_id, scopes, created_at FROM app_installations WHERE app_id = $1 FOR UPDATE`,
        values: [appId],
      },
      tx,
    );
  }

  /** The installation an installed app's token acts through. */
  byId(installationId: string, appId: string, storeId: string): Promise<InstallationRow | undefined> {
    return this.sql.one<InstallationRow>({
      text: `SELECT id, app_id, store_id, scopes, created_at FROM app_installations
              WHERE id = $1 AND app_id = $2 AND store_id = $3`,
      values: [installationId, appId, storeId],
    });
  }
}
