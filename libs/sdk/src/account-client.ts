import {
  ApiError,
  ConnectionError,
  SecondFactorRequiredError,
  StorefrontError,
  TimeoutError,
} from './errors';
import {
  apiError,
  CallOptions,
  ClientOptions,
  jsonBody,
  newIdempotencyKey,
  Response,
  STEP_UP_REQUIRED,
  Transport,
  waitShared,
  withRequestId,
} from './transport';
import type { MemberRole } from './roles';
import type {
  AcceptedInvitation,
  InvitationPreview,
  Account,
  AppInstallation,
  ConsentDecision,
  ConsentView,
  DeveloperApp,
  DeveloperAppInput,
  DeveloperAppUpdate,
  DeveloperAppWithClientSecret,
  DeveloperAppWithSecrets,
  DeveloperAppWithWebhookSecret,
  Done,
  Media,
  MediaPage,
  MediaPurpose,
  StagedUpload,
  Factors,
  PasskeyAdded,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyResponse,
  RecoveryCodes,
  TotpConfirmed,
  TotpSetup,
  StoreInstallation,
  Traced,
  Invitation,
  Member,
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
  ListPage,
  Store,
  StoreEvent,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  StoreOrder,
  StorePatch,
  StoreProduct,
  StoreProductInput,
  StoreProductImageInput,
  StoreProductImageUpdate,
  StoreProductUpdate,
  StoreVariantInput,
  StoreVariantUpdate,
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
  /**
   * The service's REFRESH_REUSE_INTERVAL in milliseconds (default 10,000, the service's default): a
   * refresh is retried only this long after its first try. Set it when the service is configured shorter.
   */
  refreshReuseIntervalMs?: number;
}

export type SessionEvent = 'signed_in' | 'refreshed' | 'signed_out';

const SESSION_KEY = 'storefront.session';
const VERIFIER_KEY = 'storefront.pkce_verifier';
/** Refresh this long before the access token expires (or at a tenth of its lifetime, if shorter). */
const REFRESH_MARGIN_MS = 30_000;
/**
 * The server's REFRESH_REUSE_INTERVAL: a rotated refresh token presented again within it gets another
 * pair; later, it kills the session (reuse detection). A refresh is retried only inside it.
 */
const REFRESH_REUSE_INTERVAL_MS = 10_000;
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** Page size of the REST lists' `iterate()` (the server's maximum is 100). */
const LIST_PAGE = 50;

/** `?a=1&b=x` from the arguments that are set (undefined and null are left out). */
function queryString(args: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Walks a REST list page by page (`nextCursor` → `after`); each item carries its page's request id. */
async function* pages<T extends object>(
  page: (after: string | null) => Promise<ListPage<T>>,
  after: string | null,
): AsyncGenerator<T, void, undefined> {
  let cursor = after;
  for (;;) {
    const result = await page(cursor);
    for (const item of result.data) {
      withRequestId(item, result.requestId ?? null);
      yield item;
    }
    if (!result.nextCursor) return;
    cursor = result.nextCursor;
  }
}

/** Every call on a signed-out client: the same class and status as a session the server refused. */
function notSignedIn(): ApiError {
  return new ApiError(
    401,
    'not_signed_in',
    { status: 401, title: 'Not signed in', detail: 'Not signed in: sign in (login/verify) first.' },
    null,
  );
}

/** Did a failed refresh maybe reach the server (so the refresh token may have been rotated already)? */
function maybeDelivered(error: unknown): boolean {
  if (error instanceof TimeoutError) return true;
  if (error instanceof ConnectionError) {
    const code = (error.cause as { code?: string } | undefined)?.code;
    return !(code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN');
  }
  if (error instanceof ApiError) return error.status === 502 || error.status === 504;
  return false;
}

type RefreshFlight = {
  refreshToken: string;
  promise: Promise<Session>;
  state: 'pending' | 'refreshed' | 'refused' | 'failed';
};

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
 * refresh. A refresh the server refuses ends the session: storage is cleared, `signed_out` emitted, and
 * every call that was waiting on it throws the same ApiError (401); later calls throw ApiError 401
 * `not_signed_in`.
 */
export class AccountClient {
  readonly #transport: Transport;
  readonly #storage: SessionStorage;
  readonly #listeners = new Set<(event: SessionEvent, session: Session | null) => void>();
  #flight: RefreshFlight | null = null;
  /** When the current refresh token was first sent, and whether an attempt may have reached the server. */
  #tries: { refreshToken: string; firstAt: number; ambiguous: boolean } | null = null;
  readonly #reuseIntervalMs: number;

  constructor(options: AccountClientOptions) {
    this.#transport = new Transport(options);
    this.#storage = options.storage ?? memoryStorage();
    const interval = options.refreshReuseIntervalMs ?? REFRESH_REUSE_INTERVAL_MS;
    if (typeof interval !== 'number' || !(interval >= 0))
      throw new StorefrontError('refreshReuseIntervalMs must be a number ≥ 0.');
    this.#reuseIntervalMs = interval;
  }

  /** What `util.inspect` and `console.log` show: no token. */
  [INSPECT](): string {
    return `AccountClient { baseUrl: '${this.#transport.baseUrl}' }`;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.#transport.baseUrl };
  }

  /** Listens to sign-in, refresh and sign-out; returns the function that stops listening. */
  onChange(listener: (event: SessionEvent, session: Session | null) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The stored session, or null when signed out. */
  async session(): Promise<Session | null> {
    const raw = await this.#storage.get(SESSION_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as Session;
    } catch {
      return null;
    }
  }

  // ---- signing in and out -------------------------------------------------------------------------

  /** The sign-in methods the service has turned on (`GET /v1/auth/providers`), e.g. to show buttons. */
  async providers(options: CallOptions = {}): Promise<Providers> {
    return this.#publicCall('GET', '/v1/auth/providers', undefined, options);
  }

  /** Sends a sign-in code to the address: `{ sent, expiresIn, resendAfter }`. */
  async login(email: string, options: CallOptions = {}): Promise<LoginAccepted> {
    return this.#publicCall('POST', '/v1/auth/login', { email }, options);
  }

  /**
   * Signs in with the e-mail code. For an account with a second factor no session is stored: this throws
   * SecondFactorRequiredError (`mfaToken`, `methods`) — finish with `completeSignIn(…)`.
   */
  async verify(email: string, otp: string, options: CallOptions = {}): Promise<Session> {
    const pair = await this.#publicCall<TokenPair>('POST', '/v1/auth/login/verify', { email, otp }, options);
    return this.#signedIn(pair, pair.requestId);
  }

  /**
   * (v1.4) The second step of sign-in (`POST /v1/auth/login/mfa`): the `mfaToken` of the
   * SecondFactorRequiredError thrown by `verify` or `completeSocialSignIn`, with a code of the
   * authenticator app, an unused recovery code, or a passkey's answer to `signInPasskeyOptions(mfaToken)`.
   * Stores and answers the session (verified for step-up).
   * A wrong or reused code: ApiError 401 `invalid_mfa_code` (the same `mfaToken` may be tried again, up to
   * 5 wrong answers); a used, expired or killed token: 401 `invalid_mfa_token` (sign in again).
   */
  async completeSignIn(
    answer:
      | { mfaToken: string; totp: string }
      | { mfaToken: string; recoveryCode: string }
      | { mfaToken: string; passkey: PasskeyResponse },
    options: CallOptions = {},
  ): Promise<Session> {
    const pair = await this.#publicCall<TokenPair>('POST', '/v1/auth/login/mfa', answer, options);
    return this.#signedIn(pair, pair.requestId);
  }

  /**
   * (v1.4) WebAuthn request options to answer an `mfaToken` with one of the account's passkeys
   * (`POST /v1/auth/login/mfa/passkey-options`); pass the browser's answer to `completeSignIn`.
   */
  async signInPasskeyOptions(mfaToken: string, options: CallOptions = {}): Promise<PasskeyRequestOptions> {
    return this.#publicCall('POST', '/v1/auth/login/mfa/passkey-options', { mfaToken }, options);
  }

  /**
   * (v1.4) Passkey sign-in without an e-mail code, step one: WebAuthn request options naming nobody
   * (`POST /v1/auth/passkeys/login/options`), for `navigator.credentials.get`.
   */
  async passkeySignInOptions(options: CallOptions = {}): Promise<PasskeyRequestOptions> {
    return this.#publicCall('POST', '/v1/auth/passkeys/login/options', undefined, options);
  }

  /**
   * (v1.4) Passkey sign-in, step two: the browser's answer to `passkeySignInOptions()` (a passkey with user
   * verification is both factors). Stores and answers the session (verified for step-up). A refused
   * passkey: ApiError 401 `invalid_mfa_code`.
   */
  async signInWithPasskey(response: PasskeyResponse, options: CallOptions = {}): Promise<Session> {
    const pair = await this.#publicCall<TokenPair>('POST', '/v1/auth/passkeys/login', { response }, options);
    return this.#signedIn(pair, pair.requestId);
  }

  /** Starts Google or GitHub sign-in: the URL to send the browser to; the PKCE verifier stays in storage. */
  async socialSignIn(
    provider: 'google' | 'github',
    params: { redirectUri: string },
    options: CallOptions = {},
  ): Promise<{ url: string } & Done> {
    if (options.signal?.aborted) throw options.signal.reason;
    const verifier = base64url(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    await this.#storage.set(VERIFIER_KEY, verifier);
    const query = new URLSearchParams({
      redirect_uri: params.redirectUri,
      code_challenge: base64url(new Uint8Array(digest)),
      code_challenge_method: 'S256',
    });
    // No request is made: the browser goes to the URL itself (so there is no request id yet).
    return withRequestId({ url: `${this.#transport.baseUrl}/v1/auth/${provider}?${query}` }, null);
  }

  /** Trades the `login_code` of the redirect (with the stored verifier) for a session. */
  async completeSocialSignIn(loginCode: string, options: CallOptions = {}): Promise<Session> {
    if (options.signal?.aborted) throw options.signal.reason;
    const verifier = await this.#storage.get(VERIFIER_KEY);
    if (!verifier)
      throw new StorefrontError('No social sign-in was started from this storage (no PKCE verifier).');
    await this.#storage.delete(VERIFIER_KEY);
    const pair = await this.#publicCall<TokenPair>(
      'POST',
      '/v1/auth/login/exchange',
      { login_code: loginCode, code_verifier: verifier },
      options,
    );
    return this.#signedIn(pair, pair.requestId);
  }

  async me(options: CallOptions = {}): Promise<Account> {
    return this.#call('GET', '/v1/auth/me', undefined, options);
  }

  /** Ends this session on the server and forgets it here. */
  async logout(options: CallOptions = {}): Promise<Done> {
    try {
      return await this.#call('POST', '/v1/auth/logout', undefined, options);
    } finally {
      await this.#signedOut();
    }
  }

  /** Ends every session of the account, this one included. */
  async logoutAll(options: CallOptions = {}): Promise<Done> {
    try {
      return await this.#call('POST', '/v1/auth/logout-all', undefined, options);
    } finally {
      await this.#signedOut();
    }
  }

  /**
   * A new token pair for the stored session (single flight: concurrent callers share one request; a
   * caller's `signal`/`timeoutMs` end its own wait only). The refresh goes straight to the transport,
   * never through the authenticated path.
   */
  async refresh(options: CallOptions = {}): Promise<Session> {
    const session = await this.session();
    if (!session) throw notSignedIn();
    return waitShared(this.#refreshFor(session), options);
  }

  /**
   * The refresh for this session's refresh token: the one under way (or just refused, or done) when it is
   * this token's, so every caller that held the same session hears the same outcome; otherwise a new one.
   */
  #refreshFor(session: Session): Promise<Session> {
    const flight = this.#flight;
    if (flight && flight.refreshToken === session.refreshToken && flight.state !== 'failed')
      return flight.promise;
    const next: RefreshFlight = { refreshToken: session.refreshToken, promise: null!, state: 'pending' };
    next.promise = this.#doRefresh(session).then(
      (fresh) => {
        next.state = 'refreshed';
        return fresh;
      },
      (error: unknown) => {
        next.state =
          error instanceof ApiError && (error.status === 400 || error.status === 401) ? 'refused' : 'failed';
        throw error;
      },
    );
    next.promise.catch(() => undefined);
    this.#flight = next;
    return next.promise;
  }

  async #doRefresh(current: Session): Promise<Session> {
    const now = Date.now();
    if (this.#tries?.refreshToken !== current.refreshToken) {
      this.#tries = { refreshToken: current.refreshToken, firstAt: now, ambiguous: false };
    }
    const tries = this.#tries;
    const retryUntil = tries.firstAt + this.#reuseIntervalMs;
    if (tries.ambiguous && now >= retryUntil) {
      // An earlier try may have rotated this token without our hearing it, and the server's reuse
      // interval is over: sending it now would trip reuse detection. The session is lost either way.
      await this.#signedOut();
      throw new ApiError(
        401,
        'session_lost',
        {
          status: 401,
          title: 'Session lost',
          detail: 'A refresh got no answer within the server’s reuse interval; sign in again.',
        },
        null,
      );
    }
    let response;
    try {
      response = await this.#transport.send({
        method: 'POST',
        path: '/v1/auth/refresh',
        json: { refresh_token: current.refreshToken },
        // The server gives a just-rotated token another pair for REFRESH_REUSE_INTERVAL, so a refresh
        // whose answer was lost may be sent again — but only within that interval of its first try.
        retryable: true,
        retryUntil,
      });
    } catch (error) {
      if (maybeDelivered(error)) tries.ambiguous = true;
      throw error;
    }
    if (response.status !== 200) {
      const error = apiError(response);
      if (maybeDelivered(error)) tries.ambiguous = true;
      if (response.status === 400 || response.status === 401) await this.#signedOut();
      throw error;
    }
    const session = this.#toSession(
      jsonBody<TokenPair>(response, { method: 'POST', path: '/v1/auth/refresh' }),
    );
    await this.#storage.set(SESSION_KEY, JSON.stringify(session));
    this.#emit('refreshed', session);
    return withRequestId(session, response.requestId);
  }

  // ---- the account's resources --------------------------------------------------------------------

  /**
   * Second factors (`/v1/auth/factors`). Adding a factor while one exists, removing one and new recovery
   * codes need step-up: they throw StepUpRequiredError until `stepUp(…)` has verified one in this session.
   */
  readonly factors = {
    list: (options: CallOptions = {}): Promise<Factors> =>
      this.#call('GET', '/v1/auth/factors', undefined, options),
    totp: {
      /** A new pending secret and its `otpauth://` URL (for a QR code); confirm it with a code of it. */
      start: (options: CallOptions = {}): Promise<TotpSetup> =>
        this.#call('POST', '/v1/auth/factors/totp', undefined, options),
      /** `{ recoveryCodes }`: ten codes for the account's first factor (shown once), else null. */
      confirm: (code: string, options: CallOptions = {}): Promise<TotpConfirmed> =>
        this.#call('POST', '/v1/auth/factors/totp/confirm', { code }, options),
      remove: (options: CallOptions = {}): Promise<Done> =>
        this.#call('DELETE', '/v1/auth/factors/totp', undefined, options),
    },
    passkeys: {
      /** WebAuthn creation options for a new passkey (for `navigator.credentials.create`). */
      options: (options: CallOptions = {}): Promise<PasskeyCreationOptions> =>
        this.#call('POST', '/v1/auth/factors/passkeys/options', undefined, options),
      /** Registers the browser's answer to `options()` under a name; ten recovery codes if it is the first factor. */
      add: (
        passkey: { name: string; response: PasskeyResponse },
        options: CallOptions = {},
      ): Promise<PasskeyAdded> => this.#call('POST', '/v1/auth/factors/passkeys', passkey, options),
      /** Removes a passkey by its id (from `factors.list()`). */
      remove: (id: string, options: CallOptions = {}): Promise<Done> =>
        this.#call('DELETE', `/v1/auth/factors/passkeys/${encodeURIComponent(id)}`, undefined, options),
    },
    recoveryCodes: {
      /** Ten new recovery codes (shown once); the earlier ones die. */
      regenerate: (options: CallOptions = {}): Promise<RecoveryCodes> =>
        this.#call('POST', '/v1/auth/factors/recovery-codes', undefined, options),
    },
  };

  /**
   * Step-up (RFC 9470): verifies a second factor in this session, which then counts as verified for
   * 600 s — retry the call that threw StepUpRequiredError. A wrong answer throws ApiError 400
   * `invalid_mfa_code`. With a passkey: its answer to `stepUpPasskeyOptions()`.
   */
  async stepUp(
    answer: { totp: string } | { recoveryCode: string } | { passkey: PasskeyResponse },
    options: CallOptions = {},
  ): Promise<Done> {
    return this.#call('POST', '/v1/auth/step-up', answer, options);
  }

  /** (v1.4) WebAuthn request options for `stepUp({ passkey })`, bound to this session. */
  async stepUpPasskeyOptions(options: CallOptions = {}): Promise<PasskeyRequestOptions> {
    return this.#call('POST', '/v1/auth/step-up/passkey-options', undefined, options);
  }

  readonly sessions = {
    list: (options: CallOptions = {}): Promise<SessionInfo[]> =>
      this.#call('GET', '/v1/auth/sessions', undefined, options),
    revoke: (id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', `/v1/auth/sessions/${encodeURIComponent(id)}`, undefined, options),
  };

  readonly stores = {
    list: (options: CallOptions = {}): Promise<Store[]> =>
      this.#call('GET', '/v1/user/stores/@me', undefined, options),
    get: (id: string, options: CallOptions = {}): Promise<Store> =>
      this.#call('GET', this.#storePath(id), undefined, options),
    /** Onboarding stage 1; sent with an Idempotency-Key (one is made when none is given), so it is retried. */
    create: (
      body: { name: string; description?: string | null },
      options: CallOptions = {},
    ): Promise<Store> =>
      this.#call('POST', '/v1/user/stores/onboarding/stage1', body, {
        ...options,
        idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
        honoursKey: true,
      }),
    stage2: (id: string, body: Stage2, options: CallOptions = {}): Promise<Store> =>
      this.#call('POST', `${this.#storePath(id)}/onboarding/stage2`, body, options),
    stage3: (id: string, body: Stage3, options: CallOptions = {}): Promise<Store> =>
      this.#call('POST', `${this.#storePath(id)}/onboarding/stage3`, body, options),
    stage4: (id: string, body: Stage4, options: CallOptions = {}): Promise<Store> =>
      this.#call('POST', `${this.#storePath(id)}/onboarding/stage4`, body, options),
    complete: (id: string, options: CallOptions = {}): Promise<Store> =>
      this.#call('POST', `${this.#storePath(id)}/onboarding/complete`, undefined, options),
    update: (id: string, patch: StorePatch, options: CallOptions = {}): Promise<Store> =>
      this.#call('PUT', this.#storePath(id), patch, options),
    delete: (id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', this.#storePath(id), undefined, options),
    /**
     * Makes another member the owner (the owner only); you become an admin. The result is the store, with
     * your new role.
     */
    transfer: (id: string, accountId: string, options: CallOptions = {}): Promise<Store> =>
      this.#call('POST', `${this.#storePath(id)}/transfer`, { accountId }, options),
  };

  /**
   * A store's members and their roles. Changing or removing members needs the `members` permission (the
   * owner, or an admin for developers and staff); any member may remove itself (leave the store).
   */
  readonly members = {
    /** The owner first, then by the time they joined. */
    list: (storeId: string, options: CallOptions = {}): Promise<Member[]> =>
      this.#call('GET', `${this.#storePath(storeId)}/members`, undefined, options),
    update: (
      storeId: string,
      accountId: string,
      body: { role: MemberRole },
      options: CallOptions = {},
    ): Promise<Member> => this.#call('PUT', this.#memberPath(storeId, accountId), body, options),
    remove: (storeId: string, accountId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', this.#memberPath(storeId, accountId), undefined, options),
  };

  /** Invitations to join a store, sent by e-mail; `accept` takes the token of the mail's link. */
  readonly invitations = {
    /** Inviting an address again replaces its invitation (the old link stops working). */
    create: (
      storeId: string,
      body: { email: string; role: MemberRole },
      options: CallOptions = {},
    ): Promise<Invitation> => this.#call('POST', `${this.#storePath(storeId)}/invitations`, body, options),
    /** The pending invitations (not accepted, not expired), oldest first. */
    list: (storeId: string, options: CallOptions = {}): Promise<Invitation[]> =>
      this.#call('GET', `${this.#storePath(storeId)}/invitations`, undefined, options),
    revoke: (storeId: string, id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call(
        'DELETE',
        `${this.#storePath(storeId)}/invitations/${encodeURIComponent(id)}`,
        undefined,
        options,
      ),
    /**
     * What the invitation of a link offers (the store's name, the role, who invited, the address it went
     * to), before accepting it. Changes nothing.
     */
    preview: (token: string, options: CallOptions = {}): Promise<InvitationPreview> =>
      this.#call('POST', '/v1/user/invitations/preview', { token }, options),
    /** Joins the store as the signed-in account, whose e-mail must be the invitation's. Works once. */
    accept: (token: string, options: CallOptions = {}): Promise<AcceptedInvitation> =>
      this.#call('POST', '/v1/user/invitations/accept', { token }, options),
  };

  readonly apps = {
    list: (storeId: string, options: CallOptions = {}): Promise<OAuthApp[]> =>
      this.#call(
        'GET',
        `/v1/user/stores/oauth/apps?storeId=${encodeURIComponent(storeId)}`,
        undefined,
        options,
      ),
    /** The result carries `clientSecret`, shown this once. */
    create: (
      body: { storeId: string; name: string; scopes?: AppScope[] },
      options: CallOptions = {},
    ): Promise<OAuthAppWithSecret> => this.#call('POST', '/v1/user/stores/oauth/apps', body, options),
    rotateSecret: (appId: string, options: CallOptions = {}): Promise<OAuthAppWithSecret> =>
      this.#call(
        'POST',
        `/v1/user/stores/oauth/apps/${encodeURIComponent(appId)}/rotate-secret`,
        undefined,
        options,
      ),
    delete: (appId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', `/v1/user/stores/oauth/apps/${encodeURIComponent(appId)}`, undefined, options),
  };

  /** Installable apps you registered (§13): any signed-in account is the developer of its apps. */
  readonly developerApps = {
    /** The result carries `clientSecret` and `webhookSecret`, shown this once. */
    create: (body: DeveloperAppInput, options: CallOptions = {}): Promise<DeveloperAppWithSecrets> =>
      this.#call('POST', '/v1/user/apps', body, options),
    list: (options: CallOptions = {}): Promise<DeveloperApp[]> =>
      this.#call('GET', '/v1/user/apps', undefined, options),
    get: (appId: string, options: CallOptions = {}): Promise<DeveloperApp> =>
      this.#call('GET', this.#developerAppPath(appId), undefined, options),
    update: (appId: string, patch: DeveloperAppUpdate, options: CallOptions = {}): Promise<DeveloperApp> =>
      this.#call('PUT', this.#developerAppPath(appId), patch, options),
    /** Ends every installation as an uninstall does. */
    delete: (appId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', this.#developerAppPath(appId), undefined, options),
    /** A new client secret (shown once); the app's access tokens die at once, its refresh tokens do not. */
    rotateSecret: (appId: string, options: CallOptions = {}): Promise<DeveloperAppWithClientSecret> =>
      this.#call('POST', `${this.#developerAppPath(appId)}/rotate-secret`, undefined, options),
    /** A new webhook secret (shown once); deliveries carry both signatures for 24 h. */
    rotateWebhookSecret: (appId: string, options: CallOptions = {}): Promise<DeveloperAppWithWebhookSecret> =>
      this.#call('POST', `${this.#developerAppPath(appId)}/rotate-webhook-secret`, undefined, options),
    /** The stores that installed the app. */
    installations: (appId: string, options: CallOptions = {}): Promise<AppInstallation[]> =>
      this.#call('GET', `${this.#developerAppPath(appId)}/installations`, undefined, options),
  };

  /** The apps installed in a store (the integrations permission: owner, admin, developer). */
  readonly installations = {
    list: (storeId: string, options: CallOptions = {}): Promise<StoreInstallation[]> =>
      this.#call('GET', `${this.#storePath(storeId)}/installations`, undefined, options),
    /** Every token of the installation is refused from the very next request; the app gets `app.uninstalled`. */
    uninstall: (storeId: string, id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call(
        'DELETE',
        `${this.#storePath(storeId)}/installations/${encodeURIComponent(id)}`,
        undefined,
        options,
      ),
  };

  /**
   * The consent page's calls (`/console/authorize`): what it shows for an authorization request, and the
   * choice — `redirectTo` is where the browser goes next (the app's redirect URI with a code, or with
   * `error=access_denied`).
   */
  readonly consent = {
    get: (
      request: { clientId: string; redirectUri: string; scope?: string },
      options: CallOptions = {},
    ): Promise<ConsentView> => {
      const query = new URLSearchParams({ client_id: request.clientId, redirect_uri: request.redirectUri });
      if (request.scope !== undefined) query.set('scope', request.scope);
      return this.#call('GET', `/v1/user/oauth/consent?${query.toString()}`, undefined, options);
    },
    decide: (body: ConsentDecision, options: CallOptions = {}): Promise<{ redirectTo: string } & Traced> =>
      this.#call('POST', '/v1/user/oauth/consent', body, options),
  };

  readonly publicTokens = {
    list: (storeId: string, options: CallOptions = {}): Promise<PublicToken[]> =>
      this.#call('GET', `${this.#storePath(storeId)}/public-tokens`, undefined, options),
    /** The result carries `token`, shown this once. */
    create: (
      storeId: string,
      body: { name: string; scopes?: PublicScope[]; allowedOrigins?: string[] },
      options: CallOptions = {},
    ): Promise<PublicTokenWithSecret> =>
      this.#call('POST', `${this.#storePath(storeId)}/public-tokens`, body, options),
    /** (v1.3) Changes the fields given (`allowedOrigins: []` clears them); the token's value stays. */
    update: (
      storeId: string,
      id: string,
      patch: { name?: string; scopes?: PublicScope[]; allowedOrigins?: string[] },
      options: CallOptions = {},
    ): Promise<PublicToken> =>
      this.#call(
        'PUT',
        `${this.#storePath(storeId)}/public-tokens/${encodeURIComponent(id)}`,
        patch,
        options,
      ),
    rotate: (storeId: string, id: string, options: CallOptions = {}): Promise<PublicTokenWithSecret> =>
      this.#call(
        'POST',
        `${this.#storePath(storeId)}/public-tokens/${encodeURIComponent(id)}/rotate`,
        undefined,
        options,
      ),
    delete: (storeId: string, id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call(
        'DELETE',
        `${this.#storePath(storeId)}/public-tokens/${encodeURIComponent(id)}`,
        undefined,
        options,
      ),
  };

  /**
   * A store's catalogue, for its members (the storefront's rules; writes — owner, admin, staff — are events
   * with you as the actor).
   */
  readonly products = {
    /** One page, newest first: `query` searches titles and handles; `limit` 1–100 (default 20). */
    list: (
      storeId: string,
      args: { query?: string; limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): Promise<ListPage<StoreProduct>> =>
      this.#call('GET', `${this.#storePath(storeId)}/products${queryString(args)}`, undefined, options),
    /** Every product (optionally matching `query`), newest first, fetched page by page as the loop asks. */
    iterate: (
      storeId: string,
      args: { query?: string; limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): AsyncGenerator<StoreProduct, void, undefined> =>
      pages(
        (after) => this.products.list(storeId, { ...args, limit: args.limit ?? LIST_PAGE, after }, options),
        args.after ?? null,
      ),
    get: (storeId: string, productId: string, options: CallOptions = {}): Promise<StoreProduct> =>
      this.#call('GET', this.#productPath(storeId, productId), undefined, options),
    /** 409 `handle_taken` when another product of the store has the handle. */
    create: (storeId: string, body: StoreProductInput, options: CallOptions = {}): Promise<StoreProduct> =>
      this.#call('POST', `${this.#storePath(storeId)}/products`, body, options),
    update: (
      storeId: string,
      productId: string,
      patch: StoreProductUpdate,
      options: CallOptions = {},
    ): Promise<StoreProduct> => this.#call('PUT', this.#productPath(storeId, productId), patch, options),
    delete: (storeId: string, productId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', this.#productPath(storeId, productId), undefined, options),
    /**
     * (v1.4) A product's images: media of the store with purpose `product_image` (upload them with
     * `media.upload`), at most 20 (409 `too_many_images`), in order — the first is the featured image. Each
     * answers the product with its images.
     */
    images: {
      /** Appends one image; 404 `media_not_found` for a media not of this store. */
      add: (
        storeId: string,
        productId: string,
        body: StoreProductImageInput,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call('POST', `${this.#productPath(storeId, productId)}/images`, body, options),
      /** Changes the alt text (null clears it) and/or moves the image to `position` (0 … images − 1). */
      update: (
        storeId: string,
        productId: string,
        imageId: string,
        patch: StoreProductImageUpdate,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call(
          'PUT',
          `${this.#productPath(storeId, productId)}/images/${encodeURIComponent(imageId)}`,
          patch,
          options,
        ),
      /** Takes the image off the product (the media stays); the product as it now is. */
      remove: (
        storeId: string,
        productId: string,
        imageId: string,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call(
          'DELETE',
          `${this.#productPath(storeId, productId)}/images/${encodeURIComponent(imageId)}`,
          undefined,
          options,
        ),
    },
    /**
     * (v1.4) A product's variants; each call answers the product. A broken rule: 400 `validation_failed`
     * with `reason` (`duplicate_variant`, `sku_taken`, `last_variant`, …); an unknown variant: 404
     * `variant_not_found`.
     */
    variants: {
      create: (
        storeId: string,
        productId: string,
        body: StoreVariantInput,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call('POST', `${this.#productPath(storeId, productId)}/variants`, body, options),
      update: (
        storeId: string,
        productId: string,
        variantId: string,
        patch: StoreVariantUpdate,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call(
          'PUT',
          `${this.#productPath(storeId, productId)}/variants/${encodeURIComponent(variantId)}`,
          patch,
          options,
        ),
      delete: (
        storeId: string,
        productId: string,
        variantId: string,
        options: CallOptions = {},
      ): Promise<StoreProduct> =>
        this.#call(
          'DELETE',
          `${this.#productPath(storeId, productId)}/variants/${encodeURIComponent(variantId)}`,
          undefined,
          options,
        ),
    },
  };

  /**
   * (v1.4) A store's images: branding (`favicon`, `logo`: roles with `edit`) and product images (roles with
   * `commerce`). `upload` does the three steps — stage the upload, post the form straight to storage,
   * complete it — and returns the checked media; a refused file is an ApiError `media_invalid` whose
   * `problem.reason` says why.
   */
  readonly media = {
    upload: async (
      storeId: string,
      data: Blob | Uint8Array,
      init: { purpose: MediaPurpose; filename: string; contentType: string },
      options: CallOptions = {},
    ): Promise<Media> => {
      const file = data instanceof Blob ? data : new Blob([new Uint8Array(data)], { type: init.contentType });
      const staged = await this.#call<StagedUpload>(
        'POST',
        `${this.#storePath(storeId)}/media/uploads`,
        { purpose: init.purpose, filename: init.filename, contentType: init.contentType, size: file.size },
        options,
      );
      await this.#transport.postForm(staged.url, staged.fields, file, options);
      return this.#call(
        'POST',
        `${this.#storePath(storeId)}/media/uploads/${encodeURIComponent(staged.id)}/complete`,
        undefined,
        options,
      );
    },
    /** One page, newest first; `first` 1–100 (default 20). */
    list: (
      storeId: string,
      args: { purpose?: MediaPurpose; first?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): Promise<MediaPage> =>
      this.#call('GET', `${this.#storePath(storeId)}/media${queryString(args)}`, undefined, options),
    get: (storeId: string, mediaId: string, options: CallOptions = {}): Promise<Media> =>
      this.#call(
        'GET',
        `${this.#storePath(storeId)}/media/${encodeURIComponent(mediaId)}`,
        undefined,
        options,
      ),
    /** Gone at once from the products using it; its URLs answer 404. */
    delete: (storeId: string, mediaId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call(
        'DELETE',
        `${this.#storePath(storeId)}/media/${encodeURIComponent(mediaId)}`,
        undefined,
        options,
      ),
  };

  /**
   * A store's orders (placed by apps and checkouts), for its members: every member reads them; a role with
   * `commerce` (ROLE_PERMISSIONS) fulfils and cancels open ones.
   */
  readonly orders = {
    list: (
      storeId: string,
      args: { limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): Promise<ListPage<StoreOrder>> =>
      this.#call('GET', `${this.#storePath(storeId)}/orders${queryString(args)}`, undefined, options),
    iterate: (
      storeId: string,
      args: { limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): AsyncGenerator<StoreOrder, void, undefined> =>
      pages(
        (after) => this.orders.list(storeId, { limit: args.limit ?? LIST_PAGE, after }, options),
        args.after ?? null,
      ),
    get: (storeId: string, orderId: string, options: CallOptions = {}): Promise<StoreOrder> =>
      this.#call(
        'GET',
        `${this.#storePath(storeId)}/orders/${encodeURIComponent(orderId)}`,
        undefined,
        options,
      ),
    /** Marks an open order fulfilled: the order after it. Not open: ApiError 409 `order_status_conflict`. */
    fulfil: (storeId: string, orderId: string, options: CallOptions = {}): Promise<StoreOrder> =>
      this.#call(
        'POST',
        `${this.#storePath(storeId)}/orders/${encodeURIComponent(orderId)}/fulfil`,
        undefined,
        options,
      ),
    /** Cancels an open order, its stock put back: the order after it. Not open: as `fulfil`. */
    cancel: (
      storeId: string,
      orderId: string,
      args: { reason?: string } = {},
      options: CallOptions = {},
    ): Promise<StoreOrder> =>
      this.#call(
        'POST',
        `${this.#storePath(storeId)}/orders/${encodeURIComponent(orderId)}/cancel`,
        args.reason === undefined ? {} : { reason: args.reason },
        options,
      ),
    /**
     * (v1.4) Marks a pending order paid: the order after it (event `order.paid`); a paid one comes back
     * unchanged. Cancelled: ApiError 409 `order_status_conflict`.
     */
    markPaid: (storeId: string, orderId: string, options: CallOptions = {}): Promise<StoreOrder> =>
      this.#call(
        'POST',
        `${this.#storePath(storeId)}/orders/${encodeURIComponent(orderId)}/mark-paid`,
        undefined,
        options,
      ),
  };

  /** A store's webhook endpoints and their deliveries (docs/webhooks.md; verify deliveries with `verifyWebhook`). */
  readonly webhooks = {
    list: (storeId: string, options: CallOptions = {}): Promise<WebhookEndpoint[]> =>
      this.#call('GET', `${this.#storePath(storeId)}/webhooks`, undefined, options),
    /** The result carries `secret`, shown this once. */
    create: (
      storeId: string,
      body: WebhookEndpointInput,
      options: CallOptions = {},
    ): Promise<WebhookEndpointWithSecret> =>
      this.#call('POST', `${this.#storePath(storeId)}/webhooks`, body, options),
    update: (
      storeId: string,
      id: string,
      patch: WebhookEndpointUpdate,
      options: CallOptions = {},
    ): Promise<WebhookEndpoint> => this.#call('PUT', this.#webhookPath(storeId, id), patch, options),
    delete: (storeId: string, id: string, options: CallOptions = {}): Promise<Done> =>
      this.#call('DELETE', this.#webhookPath(storeId, id), undefined, options),
    /** A new secret (shown this once); for 24 h deliveries are signed with both. */
    rotateSecret: (
      storeId: string,
      id: string,
      options: CallOptions = {},
    ): Promise<WebhookEndpointWithSecret> =>
      this.#call('POST', `${this.#webhookPath(storeId, id)}/rotate-secret`, undefined, options),
    /** Sends a `webhook.test` event to this endpoint alone. */
    test: (storeId: string, id: string, options: CallOptions = {}): Promise<{ deliveryId: string } & Done> =>
      this.#call('POST', `${this.#webhookPath(storeId, id)}/test`, undefined, options),
    deliveries: (
      storeId: string,
      id: string,
      args: { limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): Promise<ListPage<WebhookDelivery>> =>
      this.#call(
        'GET',
        `${this.#webhookPath(storeId, id)}/deliveries${queryString(args)}`,
        undefined,
        options,
      ),
    /** One more attempt of the delivery now, with the same `webhook-id`. */
    retry: (storeId: string, id: string, deliveryId: string, options: CallOptions = {}): Promise<Done> =>
      this.#call(
        'POST',
        `${this.#webhookPath(storeId, id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
        undefined,
        options,
      ),
  };

  #webhookPath(storeId: string, id: string): string {
    return `${this.#storePath(storeId)}/webhooks/${encodeURIComponent(id)}`;
  }

  /** A store's events (every change to its resources), newest first. */
  readonly events = {
    list: (
      storeId: string,
      args: { type?: string; limit?: number; after?: string | null } = {},
      options: CallOptions = {},
    ): Promise<ListPage<StoreEvent>> =>
      this.#call('GET', `${this.#storePath(storeId)}/events${queryString(args)}`, undefined, options),
  };

  // ---- plumbing -----------------------------------------------------------------------------------

  #memberPath(storeId: string, accountId: string): string {
    return `${this.#storePath(storeId)}/members/${encodeURIComponent(accountId)}`;
  }

  #productPath(storeId: string, productId: string): string {
    return `${this.#storePath(storeId)}/products/${encodeURIComponent(productId)}`;
  }

  #storePath(id: string): string {
    return `/v1/user/stores/${encodeURIComponent(id)}`;
  }

  async #publicCall<T>(
    method: 'GET' | 'POST',
    path: string,
    json: unknown,
    options: CallOptions,
  ): Promise<T & { readonly requestId: string | null }> {
    // Sign-in POSTs are never retried (a code is single-use); a GET is safe to retry.
    const response = await this.#transport.send({
      method,
      path,
      json,
      retryable: method === 'GET',
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    if (response.status >= 400) throw apiError(response);
    return withRequestId(jsonBody<T>(response, { method, path }), response.requestId);
  }

  /**
   * An authenticated call: refreshes first when the token is about to expire; one replay after a 401.
   * A POST is retried only when its route honours the Idempotency-Key (`honoursKey`) and one is sent.
   */
  #developerAppPath(appId: string): string {
    return `/v1/user/apps/${encodeURIComponent(appId)}`;
  }

  async #call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    json: unknown,
    options: CallOptions & { honoursKey?: boolean },
  ): Promise<T> {
    if (options.signal?.aborted) throw options.signal.reason;
    let session = await this.session();
    if (!session) throw notSignedIn();
    if (this.#dueForRefresh(session)) session = await waitShared(this.#refreshFor(session), options);
    const send = (token: string) =>
      this.#transport.send({
        method,
        path,
        json,
        token,
        headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : undefined,
        retryable: method !== 'POST' || Boolean(options.idempotencyKey && options.honoursKey),
        signal: options.signal,
        timeoutMs: options.timeoutMs,
      });
    let response = await send(session.accessToken);
    // A 401 step_up_required is about this session's assurance, not its token: no refresh, no sign-out.
    if (response.status === 401 && !isStepUp(response)) {
      const latest = await this.session();
      // Another call may have refreshed already; otherwise the refresh of this very session (shared).
      session =
        latest && latest.accessToken !== session.accessToken
          ? latest
          : await waitShared(this.#refreshFor(session), options);
      response = await send(session.accessToken);
      if (response.status === 401) {
        const error = apiError(response);
        await this.#signedOut();
        throw error;
      }
    }
    if (response.status >= 400) throw apiError(response);
    if (response.status === 204 || response.body === undefined)
      return withRequestId({}, response.requestId) as T;
    return withRequestId(jsonBody<T>(response, { method, path }), response.requestId);
  }

  #dueForRefresh(session: Session): boolean {
    return Date.now() >= (session.refreshAt ?? session.expiresAt - REFRESH_MARGIN_MS);
  }

  #toSession(pair: TokenPair): Session {
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

  async #signedIn(pair: TokenPair, requestId: string | null): Promise<Session> {
    // (v1.4) An account with a second factor gets `{ mfaRequired, mfaToken, methods }`, not a pair: never
    // store that as a session; the caller finishes with completeSignIn (POST /v1/auth/login/mfa).
    const asked = pair as { mfaRequired?: unknown; mfaToken?: unknown; methods?: unknown };
    if (asked.mfaRequired === true) {
      throw new SecondFactorRequiredError(
        String(asked.mfaToken),
        Array.isArray(asked.methods) ? (asked.methods as SecondFactorRequiredError['methods']) : [],
        requestId,
      );
    }
    const session = this.#toSession(pair);
    await this.#storage.set(SESSION_KEY, JSON.stringify(session));
    this.#emit('signed_in', session);
    return withRequestId(session, requestId);
  }

  async #signedOut(): Promise<void> {
    const had = await this.#storage.get(SESSION_KEY);
    await this.#storage.delete(SESSION_KEY);
    if (had) this.#emit('signed_out', null);
  }

  #emit(event: SessionEvent, session: Session | null): void {
    for (const listener of this.#listeners) {
      try {
        listener(event, session);
      } catch {
        // A listener's failure is its own; the session change stands.
      }
    }
  }
}

/** A 401 that asks for step-up (RFC 9470), not for a new token. */
function isStepUp(response: Response): boolean {
  const body = response.body as { code?: unknown } | undefined;
  return response.status === 401 && !!body && typeof body === 'object' && body.code === STEP_UP_REQUIRED;
}
