import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, isUuid, randomSecret, SecretHasher } from '@app/core';
import { DataSource } from 'typeorm';
import { AuthErrors } from './auth.errors';
import { AccessTokenService } from './tokens/access-token.service';
import type { ClientInfo } from './client-info';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  session_id: string;
}

export interface SessionView {
  id: string;
  method: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

const REFRESH_PURPOSE = 'refresh';
const REFRESH_PREFIX = 'sfr_';

/** Sessions and their tokens: opening, refreshing (rotation + reuse detection), listing, revoking. */
@Injectable()
export class SessionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenService,
  ) {}

  async open(accountId: string, method: string, client: ClientInfo): Promise<TokenPair> {
    const [session] = (await this.db.query(
      `INSERT INTO sessions (account_id, method, user_agent, ip, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => LEAST($5::int, $6::int))) RETURNING id`,
      [
        accountId,
        method,
        client.userAgent?.slice(0, 512) ?? null,
        client.ip?.slice(0, 64) ?? null,
        this.config.refreshTokenTtl,
        this.config.sessionMaxAge,
      ],
    )) as { id: string }[];
    return this.issuePair(accountId, session.id);
  }

  /**
   * Rotates a refresh token. The conditional UPDATE makes each token claimable once even under
   * concurrency. A token presented again within REFRESH_REUSE_INTERVAL of its rotation is a retry or a
   * second tab, not theft: it gets another pair of the same session (so concurrent refreshes all
   * succeed). Presented later, it is reuse (a stolen copy or a replay) and kills the whole session, so
   * whoever holds the newer tokens is signed out too. Nothing outlives SESSION_MAX_AGE from sign-in.
   */
  async refresh(rawToken: string): Promise<TokenPair> {
    if (!rawToken.startsWith(REFRESH_PREFIX)) throw AuthErrors.refreshRejected();
    const hash = this.hasher.hash(REFRESH_PURPOSE, rawToken);
    const claimed = (await this.db.query(
      `UPDATE refresh_tokens rt SET used_at = now()
         FROM sessions s
        WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
          AND s.id = rt.session_id AND s.revoked_at IS NULL
          AND s.created_at > now() - make_interval(secs => $2)
        RETURNING s.id AS session_id, s.account_id`,
      [hash, this.config.sessionMaxAge],
    )) as [{ session_id: string; account_id: string }[], number];
    const row = claimed[0][0];
    if (row) return this.continueSession(row.account_id, row.session_id);
    // Not claimable: unknown, expired, of a dead session, or already rotated. Only the last matters:
    // within the interval it is a retry of a live session; after it, reuse.
    const [known] = (await this.db.query(
      `SELECT rt.session_id, s.account_id,
              rt.used_at > now() - make_interval(secs => $2) AS within_interval,
              (s.revoked_at IS NULL AND rt.expires_at > now()
                AND s.created_at > now() - make_interval(secs => $3)) AS session_live
         FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = $1 AND rt.used_at IS NOT NULL`,
      [hash, this.config.refreshReuseInterval, this.config.sessionMaxAge],
    )) as { session_id: string; account_id: string; within_interval: boolean; session_live: boolean }[];
    if (known?.within_interval && known.session_live) {
      return this.continueSession(known.account_id, known.session_id);
    }
    if (known && !known.within_interval) {
      await this.db.query(
        `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh_reuse' WHERE id = $1 AND revoked_at IS NULL`,
        [known.session_id],
      );
    }
    throw AuthErrors.refreshRejected();
  }

  /** Slides the session (never past SESSION_MAX_AGE from sign-in) and hands out a new pair of it. */
  private async continueSession(accountId: string, sessionId: string): Promise<TokenPair> {
    await this.db.query(
      `UPDATE sessions
          SET expires_at = LEAST(now() + make_interval(secs => $2), created_at + make_interval(secs => $3)),
              last_used_at = now()
        WHERE id = $1`,
      [sessionId, this.config.refreshTokenTtl, this.config.sessionMaxAge],
    );
    return this.issuePair(accountId, sessionId);
  }

  async revoke(accountId: string, sessionId: string, reason: string): Promise<void> {
    if (!isUuid(sessionId)) throw AuthErrors.sessionNotFound();
    const [, count] = (await this.db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $3
        WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [sessionId, accountId, reason],
    )) as [unknown, number];
    if (count === 0) throw AuthErrors.sessionNotFound();
  }

  async revokeAll(accountId: string): Promise<void> {
    await this.db.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout_all' WHERE account_id = $1 AND revoked_at IS NULL`,
      [accountId],
    );
  }

  async list(accountId: string, currentSessionId: string): Promise<SessionView[]> {
    const rows = (await this.db.query(
      `SELECT id, method, created_at, last_used_at, user_agent, ip FROM sessions
        WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > now()
          AND created_at > now() - make_interval(secs => $2)
        ORDER BY created_at DESC, id`,
      [accountId, this.config.sessionMaxAge],
    )) as {
      id: string;
      method: string;
      created_at: Date;
      last_used_at: Date;
      user_agent: string | null;
      ip: string | null;
    }[];
    return rows.map((r) => ({
      id: r.id,
      method: r.method,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at.toISOString(),
      userAgent: r.user_agent,
      ip: r.ip,
      current: r.id === currentSessionId,
    }));
  }

  private async issuePair(accountId: string, sessionId: string): Promise<TokenPair> {
    const refreshToken = randomSecret(REFRESH_PREFIX);
    // A refresh token never outlives its session's SESSION_MAX_AGE.
    await this.db.query(
      `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
       SELECT $1, s.id, LEAST(now() + make_interval(secs => $3), s.created_at + make_interval(secs => $4))
         FROM sessions s WHERE s.id = $2`,
      [
        this.hasher.hash(REFRESH_PURPOSE, refreshToken),
        sessionId,
        this.config.refreshTokenTtl,
        this.config.sessionMaxAge,
      ],
    );
    const access = this.tokens.signAccount(accountId, sessionId);
    return {
      access_token: access.token,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: access.expiresIn,
      session_id: sessionId,
    };
  }
}
