/** Who is calling, as resolved by the global access guard from the bearer token. */
export interface AccountCaller {
  kind: 'account';
  accountId: string;
  sessionId: string;
  jti: string;
  /** Read in the same query as the revocation check, on routes marked @WithAccountProfile(). */
  profile?: AccountProfile;
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
}

export interface PublicTokenCaller {
  kind: 'public';
  tokenId: string;
  storeId: string;
  scopes: string[];
}

export type Caller = AccountCaller | AppCaller | PublicTokenCaller;
export type CallerKind = Caller['kind'];
