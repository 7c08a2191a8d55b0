import { Inject, Injectable } from '@nestjs/common';
import { AccountProfile, APP_CONFIG, APP_LOGGER, AppConfig } from '@app/core';
import { Sql } from '@app/database';
import type { Logger } from 'pino';

const PROVIDER_ORDER = ['otp', 'google', 'github'];

// lastUsedAt is kept to the minute: writing it on every request would turn each read into a write.
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * The revocation read for account tokens: one prepared, indexed query per request that the session is
 * live (not revoked, younger than SESSION_MAX_AGE, account still there) and the token's jti was not
 * revoked on its own.
 */
@Injectable()
export class AccountRevocation {
  constructor(
    private readonly queries: Sql,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async isLive(accountId: string, sessionId: string, jti: string): Promise<boolean> {
    const rows = await this.queries.rows<{ last_used_at: Date }>({
      name: 'auth_session_live',
      text: `SELECT s.last_used_at FROM sessions s
        WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL
          AND s.created_at > now() - make_interval(secs => $4)
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3)`,
      values: [sessionId, accountId, jti, this.config.sessionMaxAge],
    });
    const row = rows[0];
    if (!row) return false;
    this.touch(sessionId, row.last_used_at);
    return true;
  }

  /**
   * The same check, reading the account in the same query (routes marked @WithAccountProfile, e.g.
   * `/v1/auth/me`): one round trip instead of the check plus a second read. Null when not live.
   */
  async liveProfile(accountId: string, sessionId: string, jti: string): Promise<AccountProfile | null> {
    const rows = await this.queries.rows<{
      last_used_at: Date;
      email: string;
      created_at: Date;
      providers: string[];
    }>({
      name: 'auth_session_live_profile',
      text: `SELECT s.last_used_at, a.email, a.created_at,
              ARRAY(SELECT DISTINCT i.provider FROM account_identities i WHERE i.account_id = a.id) AS providers
         FROM sessions s JOIN accounts a ON a.id = s.account_id
        WHERE s.id = $1 AND s.account_id = $2 AND s.revoked_at IS NULL
          AND s.created_at > now() - make_interval(secs => $4)
          AND NOT EXISTS (SELECT 1 FROM revoked_tokens r WHERE r.jti = $3)`,
      values: [sessionId, accountId, jti, this.config.sessionMaxAge],
    });
    const row = rows[0];
    if (!row) return null;
    this.touch(sessionId, row.last_used_at);
    return {
      id: accountId,
      email: row.email,
      createdAt: row.created_at.toISOString(),
      providers: [...row.providers].sort((a, b) => PROVIDER_ORDER.indexOf(a) - PROVIDER_ORDER.indexOf(b)),
    };
  }

  /** Records the session's use, at most once a minute, without making the request wait. */
  private touch(sessionId: string, lastUsedAt: Date): void {
    if (Date.now() - lastUsedAt.getTime() <= LAST_USED_GRANULARITY_MS) return;
    this.queries
      .rows({
        name: 'auth_session_touch',
        text: `UPDATE sessions SET last_used_at = now() WHERE id = $1`,
        values: [sessionId],
      })
      .catch((err: Error) =>
        this.logger.warn({ err: { message: err.message } }, 'could not record session use'),
      );
  }
}
