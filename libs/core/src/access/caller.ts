import type { AccessibleStore } from './store-access';

/** Who is calling, as resolved by the global access guard from the bearer token. */
export interface AccountCaller {
  kind: 'account';
  accountId: string;
  sessionId: string;
  jti: string;
  /** Read in the same query as the revocation check, on routes marked @WithAccountProfile(). */
  profile?: AccountProfile;
  /**
   * On @StoreAccess routes: the route's store and the caller's role in it, read in the same query as the
   * revocation check (null when the caller is not a member; the guard then refuses). Read it with
   * @CurrentStore().
   */
  membership?: AccessibleStore | null;
  /**
   * (v1.4) On @StepUp and @StoreAccess routes, read in the same query as the revocation check: the account
   * has a second factor, and this session has not verified one within the step-up max age (600 s).
   */
  stepUpNeeded?: boolean;
  /** (v1.4) On @StoreAccess routes: the account has a second factor (read with the session). */
  secondFactor?: boolean;
}

/** The account as `/v1/auth/me` shows it. */
export interface AccountProfile {
  id: string;
  email: string;
  createdAt: string;
  providers: string[];
}

export interface AppCaller {
  kind: 'app';
  appId: string;
  storeId: string;
  scopes: string[];
  jti: string;
  /** An installed app's token (§13): the installation it acts through (its `iid` claim). */
  installationId?: string;
}

export interface PublicTokenCaller {
  kind: 'public';
  tokenId: string;
  storeId: string;
  scopes: string[];
  /** (v1.3) The only origins a browser may call with it from; empty or absent: any. */
  allowedOrigins?: string[];
  /**
   * (v1.3) The store's catalogue version, read in the token's own revocation statement: what the
   * storefront's ETags are built on (null: unknown, the answer is not cacheable).
   */
  catalogueVersion?: string | null;
}

export type Caller = AccountCaller | AppCaller | PublicTokenCaller;
export type CallerKind = Caller['kind'];

/**
 * The caller as a key of what is counted or kept for it — idempotency keys, rate-limit counters. An app is
 * keyed with its store, and an installed app (§13) with its installation: one registered app installed by
 * many stores is a different caller in each (and a re-install is a new one), so a store never gets
 * another store's replay nor spends another store's budget. Every key built from a caller starts here.
 */
export function callerKey(caller: Caller): string {
  switch (caller.kind) {
    case 'account':
      return `account:${caller.accountId}`;
    case 'app':
      return caller.installationId
        ? `app:${caller.appId}:store:${caller.storeId}:installation:${caller.installationId}`
        : `app:${caller.appId}:store:${caller.storeId}`;
    case 'public':
      return `public:${caller.tokenId}`;
  }
}
