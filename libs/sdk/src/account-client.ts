import { StorefrontError } from './errors';
import {
  apiError,
  CallOptions,
  ClientOptions,
  newIdempotencyKey,
  Transport,
  withRequestId,
} from './transport';
import type {
  Account,
  OAuthApp,
  OAuthAppWithSecret,
  PublicScope,
  PublicToken,
  PublicTokenWithSecret,
  AppScope,
  LoginAccepted,
  Providers,
  Session,
  SessionInfo,
  Stage2,
  Stage3,
  Stage4,
  Store,
  StorePatch,
  TokenPair,
} from './types';

/** Where the session is kept: sync or async (localStorage, a cookie jar, a database row…). */
export interface SessionStorage {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): void | Promise<void>;
  delete(key: string): void | Promise<void>;
}

export interface AccountClientOptions extends ClientOptions {
  /** Default: in memory (the session lives as long as the client). */
  storage?: SessionStorage;
}

export type SessionEvent = 'signed_in' | 'refreshed' | 'signed_out';

const SESSION_KEY = 'storefront.session';
const VERIFIER_KEY = 'storefront.pkce_verifier';
/** Refresh this long before the access token expires (or at a tenth of its lifetime, if shorter). */
const REFRESH_MARGIN_MS = 30_000;

function memoryStorage(): SessionStorage {
  const map = new Map<string, string>();
  return { get: (k) => map.get(k), set: (k, v) => void map.set(k, v), delete: (k) => void map.delete(k) };
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * An account holder's client: e-mail code or social sign-in, then stores, onboarding, OAuth apps, public
 * tokens and sessions. The session sits in `storage`; the access token is refreshed before it expires —
 * once, however many calls wait (single flight) — and a call answered 401 is replayed once after a
 * refresh. A refresh the server refuses ends the session: storage is cleared and `signed_out` emitted.
 */
export class AccountClient {
  private readonly transport: Transport;
  private readonly storage: SessionStorage;
  private readonly listeners = new Set<(event: SessionEvent, session: Session | null) => void>();
  private refreshing: Promise<Session> | null = null;

  constructor(options: AccountClientOptions) {
    this.transport = new Transport(options);
    this.storage = options.storage ?? memoryStorage();
  }

  /** Listens to sign-in, refresh and sign-out; returns the function that stops listening. */
  onChange(listener: (event: SessionEvent, session: Session | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The stored session, or null when signed out. */
  async session(): Promise<Session | null> {
    const raw = await this.storage.get(SESSION_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Session;
    } catch {
      return null;
    }
  }

  // ---- signing in and out -------------------------------------------------------------------------

  /** The sign-in methods the service has turned on (`GET /v1/auth/providers`), e.g. to show buttons. */
  async providers(): Promise<Providers> {
    return this.publicCall('GET', '/v1/auth/providers');
  }

  /** Sends a sign-in code to the address: `{ sent, expiresIn, resendAfter }`. */
  async login(email: string): Promise<LoginAccepted> {
    return this.publicCall('POST', '/v1/auth/login', { email });
  }

  async verify(email: string, otp: string): Promise<Session> {
    const pair = await this.publicCall<TokenPair>('POST', '/v1/auth/login/verify', { email, otp });
    return this.signedIn(pair, pair.requestId);
  }

  /** Starts Google or GitHub sign-in: the URL to send the browser to; the PKCE verifier stays in storage. */
  async socialSignIn(
    provider: 'google' | 'github',
    options: { redirectUri: string },
  ): Promise<{ url: string }> {
    const verifier = base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    await this.storage.set(VERIFIER_KEY, verifier);
    const query = new URLSearchParams({
      redirect_uri: options.redirectUri,
      code_challenge: base64url(new Uint8Array(digest)),
      code_challenge_method: 'S256',
    });
    return { url: `${this.transport.baseUrl}/v1/auth/${provider}?${query}` };
  }

  /** Trades the `login_code` of the redirect (with the stored verifier) for a session. */
  async completeSocialSignIn(loginCode: string): Promise<Session> {
    const verifier = await this.storage.get(VERIFIER_KEY);
    if (!verifier)
      throw new StorefrontError('No social sign-in was started from this storage (no PKCE verifier).');
    await this.storage.delete(VERIFIER_KEY);
    const pair = await this.publicCall<TokenPair>('POST', '/v1/auth/login/exchange', {
      login_code: loginCode,
      code_verifier: verifier,
    });
    return this.signedIn(pair, pair.requestId);
  }

  async me(): Promise<Account> {
    return this.call('GET', '/v1/auth/me');
  }

  /** Ends this session on the server and forgets it here. */
  async logout(): Promise<void> {
    try {
      await this.call('POST', '/v1/auth/logout');
    } finally {
      await this.signedOut();
    }
  }

  /** Ends every session of the account, this one included. */
  async logoutAll(): Promise<void> {
    try {
      await this.call('POST', '/v1/auth/logout-all');
    } finally {
      await this.signedOut();
    }
  }

  /**
   * A new token pair for the stored session (single flight: concurrent callers share one request). The
   * refresh goes straight to the transport, never through the authenticated path.
   */
  refresh(): Promise<Session> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<Session> {
    const current = await this.session();
    if (!current) throw new StorefrontError('Not signed in.');
    const response = await this.transport.send({
      method: 'POST',
      path: '/v1/auth/refresh',
      json: { refresh_token: current.refreshToken },
      // The server gives a just-rotated token another pair for a few seconds (its reuse interval), so a
      // refresh whose answer was lost can be sent again.
      retryable: true,
    });
    if (response.status !== 200) {
      const error = apiError(response);
      if (response.status === 400 || response.status === 401) await this.signedOut();
      throw error;
    }
    const session = this.toSession(response.body as TokenPair);
    await this.storage.set(SESSION_KEY, JSON.stringify(session));
    this.emit('refreshed', session);
    return session;
  }

  // ---- the account's resources --------------------------------------------------------------------

  readonly sessions = {
    list: (): Promise<SessionInfo[]> => this.call('GET', '/v1/auth/sessions'),
    revoke: (id: string): Promise<void> => this.call('DELETE', `/v1/auth/sessions/${encodeURIComponent(id)}`),
  };

  readonly stores = {
    list: (): Promise<Store[]> => this.call('GET', '/v1/user/stores/@me'),
    get: (id: string): Promise<Store> => this.call('GET', `/v1/user/stores/${encodeURIComponent(id)}`),
    /** Onboarding stage 1; sent with an Idempotency-Key (one is made when none is given). */
    create: (
      body: { name: string; description?: string | null },
      options: CallOptions = {},
    ): Promise<Store> =>
      this.call('POST', '/v1/user/stores/onboarding/stage1', body, {
        ...options,
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      }),
    stage2: (id: string, body: Stage2): Promise<Store> =>
      this.call('POST', `${this.storePath(id)}/onboarding/stage2`, body),
    stage3: (id: string, body: Stage3): Promise<Store> =>
      this.call('POST', `${this.storePath(id)}/onboarding/stage3`, body),
    stage4: (id: string, body: Stage4): Promise<Store> =>
      this.call('POST', `${this.storePath(id)}/onboarding/stage4`, body),
    complete: (id: string): Promise<Store> => this.call('POST', `${this.storePath(id)}/onboarding/complete`),
    update: (id: string, patch: StorePatch): Promise<Store> => this.call('PUT', this.storePath(id), patch),
    delete: (id: string): Promise<void> => this.call('DELETE', this.storePath(id)),
  };

  readonly apps = {
    list: (storeId: string): Promise<OAuthApp[]> =>
      this.call('GET', `/v1/user/stores/oauth/apps?storeId=${encodeURIComponent(storeId)}`),
    /** The result carries `clientSecret`, shown this once. */
    create: (body: { storeId: string; name: string; scopes?: AppScope[] }): Promise<OAuthAppWithSecret> =>
      this.call('POST', '/v1/user/stores/oauth/apps', body),
    rotateSecret: (appId: string): Promise<OAuthAppWithSecret> =>
      this.call('POST', `/v1/user/stores/oauth/apps/${encodeURIComponent(appId)}/rotate-secret`),
    delete: (appId: string): Promise<void> =>
      this.call('DELETE', `/v1/user/stores/oauth/apps/${encodeURIComponent(appId)}`),
  };

  readonly publicTokens = {
    list: (storeId: string): Promise<PublicToken[]> =>
      this.call('GET', `${this.storePath(storeId)}/public-tokens`),
    /** The result carries `token`, shown this once. */
    create: (
      storeId: string,
      body: { name: string; scopes?: PublicScope[] },
    ): Promise<PublicTokenWithSecret> => this.call('POST', `${this.storePath(storeId)}/public-tokens`, body),
    rotate: (storeId: string, id: string): Promise<PublicTokenWithSecret> =>
      this.call('POST', `${this.storePath(storeId)}/public-tokens/${encodeURIComponent(id)}/rotate`),
    delete: (storeId: string, id: string): Promise<void> =>
      this.call('DELETE', `${this.storePath(storeId)}/public-tokens/${encodeURIComponent(id)}`),
  };

  // ---- plumbing -----------------------------------------------------------------------------------

  private storePath(id: string): string {
    return `/v1/user/stores/${encodeURIComponent(id)}`;
  }

  private async publicCall<T>(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
  ): Promise<T & { readonly requestId: string | null }> {
    // Sign-in POSTs are never retried (a code is single-use); a GET is safe to retry.
    const response = await this.transport.send({ method, path, json, retryable: method === 'GET' });
    if (response.status >= 400) throw apiError(response);
    return withRequestId(response.body as T, response.requestId);
  }

  /** An authenticated call: refreshes first when the token is about to expire; one replay after a 401. */
  private async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    json?: unknown,
    options: CallOptions = {},
  ): Promise<T> {
    let session = await this.session();
    if (!session) throw new StorefrontError('Not signed in.');
    if (this.dueForRefresh(session)) session = await this.refresh();
    const send = (token: string) =>
      this.transport.send({
        method,
        path,
        json,
        token,
        headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
        retryable: method !== 'POST' || Boolean(options.idempotencyKey),
        signal: options.signal,
      });
    let response = await send(session.accessToken);
    if (response.status === 401) {
      const latest = await this.session();
      // Another call may have refreshed already; otherwise refresh now (a refused refresh signs out).
      session = latest && latest.accessToken !== session.accessToken ? latest : await this.refresh();
      response = await send(session.accessToken);
      if (response.status === 401) {
        const error = apiError(response);
        await this.signedOut();
        throw error;
      }
    }
    if (response.status >= 400) throw apiError(response);
    if (response.status === 204) return undefined as T;
    return withRequestId(response.body as T, response.requestId);
  }

  private dueForRefresh(session: Session): boolean {
    return Date.now() >= (session.refreshAt ?? session.expiresAt - REFRESH_MARGIN_MS);
  }

  private toSession(pair: TokenPair): Session {
    // Expiry is taken from expires_in on receipt: no clock shared with the server is needed.
    const lifetime = Math.max(1, Number(pair.expires_in)) * 1000;
    return {
      accessToken: pair.access_token,
      refreshToken: pair.refresh_token,
      sessionId: pair.session_id,
      expiresAt: Date.now() + lifetime,
      // Refresh before the end: 30 s early, or at 90 % of a short lifetime.
      refreshAt: Date.now() + lifetime - Math.min(REFRESH_MARGIN_MS, lifetime * 0.1),
    };
  }

  private async signedIn(pair: TokenPair, requestId: string | null): Promise<Session> {
    const session = this.toSession(pair);
    await this.storage.set(SESSION_KEY, JSON.stringify(session));
    this.emit('signed_in', session);
    return withRequestId(session, requestId);
  }

  private async signedOut(): Promise<void> {
    const had = await this.storage.get(SESSION_KEY);
    await this.storage.delete(SESSION_KEY);
    if (had) this.emit('signed_out', null);
  }

  private emit(event: SessionEvent, session: Session | null): void {
    for (const listener of this.listeners) {
      try {
        listener(event, session);
      } catch {
        // A listener's failure is its own; the session change stands.
      }
    }
  }
}
