import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, isUuid, randomSecret, SecretHasher } from '@app/core';
import { AuthErrors } from '../auth.errors';
import { SessionLimits, SessionsRepository } from './sessions.repository';
import { AccessTokenService } from '../tokens/access-token.service';
import type { ClientInfo } from '../client-info.decorator';
import type { SessionDto } from '../dto/auth.dto';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  session_id: string;
}

const REFRESH_PURPOSE = 'refresh';
const REFRESH_PREFIX = 'sfr_';

/** Sessions and their tokens: opening, refreshing (rotation + reuse detection), listing, revoking. */
@Injectable()
export class SessionService {
  private readonly limits: SessionLimits;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenService,
  ) {
    this.limits = {
      accessTokenTtl: config.accessTokenTtl,
      refreshTokenTtl: config.refreshTokenTtl,
      sessionMaxAge: config.sessionMaxAge,
    };
  }

  /** A new session and its first pair; `verified`: a second factor was answered to open it (step-up). */
  async open(accountId: string, method: string, client: ClientInfo, verified = false): Promise<TokenPair> {
    const sessionId = await this.sessions.open(
      accountId,
      method,
      { userAgent: client.userAgent?.slice(0, 512) ?? null, ip: client.ip?.slice(0, 64) ?? null },
      this.limits,
      verified,
    );
    return this.issuePair(accountId, sessionId);
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
    const claimed = await this.sessions.claimRefreshToken(hash, this.config.sessionMaxAge);
    if (claimed) return this.continueSession(claimed.account_id, claimed.session_id);
    // Not claimable: unknown, expired, of a dead session, or already rotated. Only the last matters:
    // within the interval it is a retry of a live session; after it, reuse.
    const known = await this.sessions.findUsedRefreshToken(
      hash,
      this.config.refreshReuseInterval,
      this.config.sessionMaxAge,
    );
    if (known?.within_interval && known.session_live) {
      return this.continueSession(known.account_id, known.session_id);
    }
    if (known && !known.within_interval) await this.sessions.revokeById(known.session_id, 'refresh_reuse');
    throw AuthErrors.refreshRejected();
  }

  /** Slides the session (never past SESSION_MAX_AGE from sign-in) and hands out a new pair of it. */
  private async continueSession(accountId: string, sessionId: string): Promise<TokenPair> {
    await this.sessions.slide(sessionId, this.limits);
    return this.issuePair(accountId, sessionId);
  }

  async revoke(accountId: string, sessionId: string, reason: string): Promise<void> {
    if (
      !isUuid(sessionId) ||
      !(await this.sessions.revoke(accountId, sessionId, reason, this.config.sessionMaxAge))
    )
      throw AuthErrors.sessionNotFound();
  }

  async revokeAll(accountId: string): Promise<void> {
    await this.sessions.revokeAll(accountId, 'logout_all');
  }

  async list(accountId: string, currentSessionId: string): Promise<SessionDto[]> {
    const rows = await this.sessions.listLive(accountId, this.config.sessionMaxAge);
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
    await this.sessions.addRefreshToken(
      sessionId,
      this.hasher.hash(REFRESH_PURPOSE, refreshToken),
      this.limits,
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
