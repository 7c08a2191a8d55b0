import { Inject, Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountProfile,
  MEMBERSHIP_SQL,
  MembershipSql,
  STORE_LOCATORS,
  StoreLocator,
} from '@app/core';
import { InjectRepository } from '@nestjs/typeorm';
import { Sql } from '@app/database';
import type { Repository } from 'typeorm';
import { SessionEntity } from '../entities/session.entity';
import { STEP_UP_MAX_AGE } from '../factors/factors.errors';

export interface SessionRow {
  id: string;
  method: string;
  created_at: Date;
  last_used_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/** Lifetimes the statements need (seconds), from the configuration. */
export interface SessionLimits {
  accessTokenTtl: number;
  refreshTokenTtl: number;
  sessionMaxAge: number;
}

/**
 * When a session is live — the one definition the per-request check, the session list, revocation and
 * refresh all use: not revoked, its end (`expires_at`) not passed, and younger than SESSION_MAX_AGE
 * (`maxAge`: the placeholder of that parameter; checked here too because the setting may have been
 * lowered since `expires_at` was written). `alias`: the sessions table's alias, or none.
 */
function liveSession(alias: string | null, maxAge: string): string {
  const c = alias ? `${alias}.` : '';
  return `${c}revoked_at IS NULL AND ${c}expires_at > now() AND ${c}created_at > now() - make_interval(secs => ${maxAge})`;
}

/**
 * (v1.4) Step-up (RFC 9470): the account has a second factor and this session has not verified one within
 * STEP_UP_MAX_AGE seconds (`s` the session, `a` its account). Read by the per-request statement of
 * @StepUp and store routes, so a step-up is seen by the very next request, on every instance.
 */
const STEP_UP_NEEDED = `(a.second_factor AND (s.verified_at IS NULL OR s.verified_at <= now() - interval '${STEP_UP_MAX_AGE} seconds')) AS step_up_needed`;

/** The account's creation time as the API writes it (ISO 8601, UTC, milliseconds), formatted by the database. */
const ISO_CREATED_AT = `to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/**
 * A session's end as written at sign-in and at each refresh: the later of the new refresh token's
 * expiry and the new access token's, so every token the session has handed out ends with it or before
 * it (ACCESS_TOKEN_TTL may be longer than REFRESH_TOKEN_TTL), never past SESSION_MAX_AGE from sign-in.
 * `$access`, `$refresh`, `$maxAge`: placeholders; `createdAt`: the sign-in time.
 */
function sessionEnd(access: string, refresh: string, maxAge: string, createdAt: string): string {
  return `LEAST(now() + make_interval(secs => GREATEST(${access}::int, ${refresh}::int)), ${createdAt} + make_interval(secs => ${maxAge}::int))`;
}

/**
 * The `sessions` and `refresh_tokens` tables: opening and sliding sessions, claiming refresh tokens
 * once, revoking, and the per-request revocation reads (named prepared statements). Revocations and the
 * session list are ordinary statements through TypeORM's QueryBuilder on SessionEntity; the statements
 * that need SQL TypeORM does not express (conditional claims with joins, LEAST over intervals, INSERT …
 * SELECT) and the per-request reads are written out through Sql.
 */
@Injectable()
export class SessionsRepository {
  /** The store-access reads, one prepared statement per way of finding the store (see findLiveMember). */
  private readonly memberReads = new Map<string, { name: string; text: string }>();

  constructor(
    private readonly sql: Sql,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    // Wired in the composition root (apps/api's app.module.ts): the members context's SQL, and the ways
    // of finding a route's store from something else than its id.
    @Inject(MEMBERSHIP_SQL) memberships: MembershipSql,
    @Inject(STORE_LOCATORS) locators: StoreLocator[],
  ) {
    // `store`: the value is the store's id. The others find it from something else (an app's id).
    const finders: StoreLocator[] = [{ name: 'store', storeOf: (p) => p }, ...locators];
    for (const locator of finders) {
      for (const profile of [false, true]) {
        const membership = memberships.membership(locator.storeOf('$5::uuid'), 's.account_id');
        this.memberReads.set(`${locator.name}:${profile}`, {
          name: `auth_session_live${profile ? '_profile' : ''}_member_${locator.name}`,
          text: `SELECT s.last_used_at < now() - make_interval(secs => $4) AS stale, m.store_id, m.role,
                        m.two_factor_required, a.second_factor, ${STEP_UP_NEEDED}
                        ${profile ? `, a.email, ${ISO_CREATED_AT}, a.providers` : ''}
                   FROM sessions s JOIN accounts a ON a.id = s.account_id
                   LEFT JOIN LATERAL ${membership} m ON true
                  WHERE s.id = $1 AND s.account_id = $2 AND ${liveSession('s', '$3')}`,
        });
      }
    }
  }

  async open(
    accountId: string,
    method: string,
    client: { userAgent: string | null; ip: string | null },
    limits: SessionLimits,
    verified = false,
  ): Promise<string> {
    // `verified`: opened by answering a second factor, so it counts as verified for step-up from now.
    const row = await this.sql.one<{ id: string }>({
      text: `INSERT INTO sessions (account_id, method, user_agent, ip, expires_at, verified_at)
             VALUES ($1, $2, $3, $4, ${sessionEnd('$7', '$5', '$6', 'now()')}, CASE WHEN $8::boolean THEN now() END)
             RETURNING id`,
      values: [
        accountId,
        method,
        client.userAgent,
        client.ip,
        limits.refreshTokenTtl,
        limits.sessionMaxAge,
        limits.accessTokenTtl,
        verified,
      ],
    });
    return (row as { id: string }).id;
  }

  /** Stores a refresh token's hash; it never outlives its session's SESSION_MAX_AGE. */
  async addRefreshToken(sessionId: string, tokenHash: string, limits: SessionLimits): Promise<void> {
    await this.sql.run({
      text: `INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
             SELECT $1, s.id, LEAST(now() + make_interval(secs => $3), s.created_at + make_interval(secs => $4))
               FROM sessions s WHERE s.id = $2`,
      values: [tokenHash, sessionId, limits.refreshTokenTtl, limits.sessionMaxAge],
    });
  }

  /** Claims an unused, unexpired refresh token of a live session: once, even under concurrency. */
  claimRefreshToken(
    tokenHash: string,
    sessionMaxAge: number,
  ): Promise<{ session_id: string; account_id: string } | undefined> {
    return this.sql.one({
      text: `UPDATE refresh_tokens rt SET used_at = now()
               FROM sessions s
              WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
                AND s.id = rt.session_id AND ${liveSession('s', '$2')}
              RETURNING s.id AS session_id, s.account_id`,
      values: [tokenHash, sessionMaxAge],
    });
  }

  /** An already used refresh token: was it used within the reuse interval, and is its session alive? */
  findUsedRefreshToken(
    tokenHash: string,
    reuseInterval: number,
    sessionMaxAge: number,
  ): Promise<
    { session_id: string; account_id: string; within_interval: boolean; session_live: boolean } | undefined
  > {
    return this.sql.one({
      text: `SELECT rt.session_id, s.account_id,
                    rt.used_at > now() - make_interval(secs => $2) AS within_interval,
                    (rt.expires_at > now() AND ${liveSession('s', '$3')}) AS session_live
               FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
              WHERE rt.token_hash = $1 AND rt.used_at IS NOT NULL`,
      values: [tokenHash, reuseInterval, sessionMaxAge],
    });
  }

  /** Slides the session's end (never past SESSION_MAX_AGE from sign-in) as a refresh hands out a new pair. */
  async slide(sessionId: string, limits: SessionLimits): Promise<void> {
    await this.sql.run({
      text: `UPDATE sessions
                SET expires_at = ${sessionEnd('$4', '$2', '$3', 'created_at')},
                    last_used_at = now()
              WHERE id = $1`,
      values: [sessionId, limits.refreshTokenTtl, limits.sessionMaxAge, limits.accessTokenTtl],
    });
  }

  /** Revokes one live session of the account; false when there is none. */
  async revoke(
    accountId: string,
    sessionId: string,
    reason: string,
    sessionMaxAge: number,
  ): Promise<boolean> {
    const result = await this.revocation(reason)
      .where('id = :sessionId AND account_id = :accountId', { sessionId, accountId })
      .andWhere(liveSession(null, ':sessionMaxAge'), { sessionMaxAge })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Revokes a session whatever its account (refresh-token reuse). */
  async revokeById(sessionId: string, reason: string): Promise<void> {
    await this.revocation(reason).where('id = :sessionId AND revoked_at IS NULL', { sessionId }).execute();
  }

  async revokeAll(accountId: string, reason: string): Promise<void> {
    await this.revocation(reason)
      .where('account_id = :accountId AND revoked_at IS NULL', { accountId })
      .execute();
  }

  /** The account's live sessions, newest first (a read: retried once if its connection is lost). */
  listLive(accountId: string, sessionMaxAge: number): Promise<SessionRow[]> {
    return this.sql.read(() =>
      this.sessions
        .createQueryBuilder('s')
        .select('id, method, created_at, last_used_at, user_agent, ip') // the row as PostgreSQL names it
        .where('s.account_id = :accountId', { accountId })
        .andWhere(liveSession('s', ':sessionMaxAge'), { sessionMaxAge })
        .orderBy('s.created_at', 'DESC')
        .addOrderBy('s.id')
        .getRawMany<SessionRow>(),
    );
  }

  private revocation(reason: string) {
    return this.sessions
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()', revokedReason: reason });
  }

  /**
   * The revocation read of every account request, one prepared, indexed statement: the session is live
   * (liveSession: not revoked, not ended, younger than `sessionMaxAge` seconds; its account still there). Account tokens die
   * with their session (logout, logout-all, session revocation, refresh-token reuse); only app tokens
   * are ever revoked one by one by jti (revoked_tokens), so that table is not probed here. `stale` says
   * the session's last use is older than `touchAfter` seconds (by the database's clock, which wrote it).
   */
  findLive(
    accountId: string,
    sessionId: string,
    sessionMaxAge: number,
    touchAfter: number,
  ): Promise<{ stale: boolean } | undefined> {
    return this.sql.one({
      name: 'auth_session_live',
      text: `SELECT s.last_used_at < now() - make_interval(secs => $4) AS stale FROM sessions s
              WHERE s.id = $1 AND s.account_id = $2 AND ${liveSession('s', '$3')}`,
      values: [sessionId, accountId, sessionMaxAge, touchAfter],
    });
  }

  /**
   * (v1.4) The same read on a @StepUp route (not on a store): with whether this session must step up, from
   * the account row (its primary key) and the session's `verified_at`. Still one statement.
   */
  findLiveStepUp(
    accountId: string,
    sessionId: string,
    sessionMaxAge: number,
    touchAfter: number,
  ): Promise<{ stale: boolean; step_up_needed: boolean } | undefined> {
    return this.sql.one({
      name: 'auth_session_live_step_up',
      text: `SELECT s.last_used_at < now() - make_interval(secs => $4) AS stale, ${STEP_UP_NEEDED}
               FROM sessions s JOIN accounts a ON a.id = s.account_id
              WHERE s.id = $1 AND s.account_id = $2 AND ${liveSession('s', '$3')}`,
      values: [sessionId, accountId, sessionMaxAge, touchAfter],
    });
  }

  /**
   * The same read, with the account (for routes marked @WithAccountProfile): still one round trip. The
   * creation time comes formatted as the API writes it (ISO 8601, UTC, milliseconds), so the hottest
   * authenticated read parses no timestamp.
   */
  async findLiveWithProfile(
    accountId: string,
    sessionId: string,
    sessionMaxAge: number,
    touchAfter: number,
  ): Promise<{ stale: boolean; profile: AccountProfile } | undefined> {
    const row = await this.sql.one<{
      stale: boolean;
      email: string;
      created_at: string;
      providers: string[];
    }>({
      name: 'auth_session_live_profile',
      text: `SELECT s.last_used_at < now() - make_interval(secs => $4) AS stale, a.email, ${ISO_CREATED_AT},
                    a.providers
               FROM sessions s JOIN accounts a ON a.id = s.account_id
              WHERE s.id = $1 AND s.account_id = $2 AND ${liveSession('s', '$3')}`,
      values: [sessionId, accountId, sessionMaxAge, touchAfter],
    });
    if (!row) return undefined;
    return {
      stale: row.stale,
      profile: { id: accountId, email: row.email, createdAt: row.created_at, providers: row.providers },
    };
  }

  /**
   * The same read on a store route (@StoreAccess): the caller's membership of the route's store comes in
   * the same statement — a LEFT JOIN on the `store_members` primary key, the store found by `locator`
   * from `value` (a uuid: the store's id, or e.g. an app's id and its store) — so a role change or a
   * removal is seen on the very next request and the request still makes one indexed read. `membership`
   * is null when the account is not a member (or nothing is found); undefined answers a dead session.
   */
  async findLiveMember(
    accountId: string,
    sessionId: string,
    sessionMaxAge: number,
    touchAfter: number,
    store: { locator: string; value: string },
    withProfile: boolean,
  ): Promise<
    | {
        stale: boolean;
        membership: AccessibleStore | null;
        secondFactor: boolean;
        stepUpNeeded: boolean;
        profile?: Omit<AccountProfile, 'id'>;
      }
    | undefined
  > {
    const statement = this.memberReads.get(`${store.locator}:${withProfile}`);
    // A route naming a locator nobody wired is a programming error, not a refusal.
    if (!statement) throw new Error(`no store locator "${store.locator}" is wired (STORE_LOCATORS)`);
    const row = await this.sql.one<{
      stale: boolean;
      store_id: string | null;
      role: AccessibleStore['role'] | null;
      two_factor_required: boolean | null;
      second_factor: boolean;
      step_up_needed: boolean;
      email?: string;
      created_at?: string;
      providers?: string[];
    }>({ ...statement, values: [sessionId, accountId, sessionMaxAge, touchAfter, store.value] });
    if (!row) return undefined;
    const membership =
      row.store_id && row.role
        ? { storeId: row.store_id, role: row.role, twoFactorRequired: row.two_factor_required === true }
        : null;
    const profile =
      withProfile && row.email !== undefined
        ? { email: row.email, createdAt: row.created_at!, providers: row.providers ?? [] }
        : undefined;
    return {
      stale: row.stale,
      membership,
      secondFactor: row.second_factor,
      stepUpNeeded: row.step_up_needed,
      ...(profile ? { profile } : {}),
    };
  }

  async touch(sessionId: string): Promise<void> {
    await this.sql.run({
      name: 'auth_session_touch',
      text: `UPDATE sessions SET last_used_at = now() WHERE id = $1`,
      values: [sessionId],
    });
  }
}
