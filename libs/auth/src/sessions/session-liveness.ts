import { Inject, Injectable } from '@nestjs/common';
import { AccessibleStore, AccountProfile, APP_CONFIG, APP_LOGGER, AppConfig } from '@app/core';
import type { Logger } from 'pino';
import { SessionsRepository } from './sessions.repository';

const PROVIDER_ORDER = ['otp', 'google', 'github'];

// lastUsedAt is kept to the minute: writing it on every request would turn each read into a write.
const LAST_USED_GRANULARITY_SECONDS = 60;

/** One entry per sign-in method, however many identities of one provider the account has, in a fixed order. */
function withSortedProviders(profile: AccountProfile): AccountProfile {
  const providers = [...new Set(profile.providers)].sort(
    (a, b) => PROVIDER_ORDER.indexOf(a) - PROVIDER_ORDER.indexOf(b),
  );
  return { ...profile, providers };
}

/**
 * The revocation read for account tokens: one prepared, indexed query per request that the session is
 * live (not revoked, not ended, younger than SESSION_MAX_AGE, account still there) — the same definition
 * the session list and revocation use (sessions.repository.ts), so a session that accepts requests can
 * always be listed and revoked. An account token lives and
 * dies with its session; nothing revokes one account token alone.
 */
@Injectable()
export class SessionLiveness {
  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async isLive(accountId: string, sessionId: string): Promise<boolean> {
    const row = await this.sessions.findLive(
      accountId,
      sessionId,
      this.config.sessionMaxAge,
      LAST_USED_GRANULARITY_SECONDS,
    );
    if (!row) return false;
    if (row.stale) this.touch(sessionId);
    return true;
  }

  /**
   * (v1.4) The same check on a @StepUp route: also whether this session must step up (the account has a
   * second factor not verified in this session within 600 s). Null when not live.
   */
  async liveStepUp(accountId: string, sessionId: string): Promise<{ stepUpNeeded: boolean } | null> {
    const row = await this.sessions.findLiveStepUp(
      accountId,
      sessionId,
      this.config.sessionMaxAge,
      LAST_USED_GRANULARITY_SECONDS,
    );
    if (!row) return null;
    if (row.stale) this.touch(sessionId);
    return { stepUpNeeded: row.step_up_needed };
  }

  /**
   * The same check, reading the account in the same query (routes marked @WithAccountProfile, e.g.
   * `/v1/auth/me`): one round trip instead of the check plus a second read. Null when not live.
   */
  async liveProfile(accountId: string, sessionId: string): Promise<AccountProfile | null> {
    const live = await this.sessions.findLiveWithProfile(
      accountId,
      sessionId,
      this.config.sessionMaxAge,
      LAST_USED_GRANULARITY_SECONDS,
    );
    if (!live) return null;
    if (live.stale) this.touch(sessionId);
    return withSortedProviders(live.profile);
  }

  /**
   * The same check on a store route (@StoreAccess), reading the caller's membership of the route's store
   * in the same query (and the account, on @WithAccountProfile routes): still one round trip. Null when
   * the session is not live; `membership` null when the caller is not a member of that store.
   */
  async liveMember(
    accountId: string,
    sessionId: string,
    store: { locator: string; value: string },
    withProfile: boolean,
  ): Promise<{
    membership: AccessibleStore | null;
    secondFactor: boolean;
    stepUpNeeded: boolean;
    profile?: AccountProfile;
  } | null> {
    const live = await this.sessions.findLiveMember(
      accountId,
      sessionId,
      this.config.sessionMaxAge,
      LAST_USED_GRANULARITY_SECONDS,
      store,
      withProfile,
    );
    if (!live) return null;
    if (live.stale) this.touch(sessionId);
    const profile = live.profile && withSortedProviders({ id: accountId, ...live.profile });
    return {
      membership: live.membership,
      secondFactor: live.secondFactor,
      stepUpNeeded: live.stepUpNeeded,
      ...(profile ? { profile } : {}),
    };
  }

  /** Records the session's use (at most once a minute: see `stale`), without making the request wait. */
  private touch(sessionId: string): void {
    this.sessions
      .touch(sessionId)
      .catch((err: Error) =>
        this.logger.warn({ err: { message: err.message } }, 'could not record session use'),
      );
  }
}
