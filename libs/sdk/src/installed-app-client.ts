import { AppClient } from './app-client';
import { OAuthError, StorefrontError } from './errors';
import { pkcePair } from './pkce';
import { ClientOptions, jsonBody, oauthError, Transport } from './transport';

/** Called with every new refresh token; the new access token is used only once it has resolved. */
export type OnRefreshToken = (refreshToken: string) => void | Promise<void>;

export interface InstalledAppClientOptions extends ClientOptions {
  clientId: string;
  clientSecret: string;
  /** The installation's current refresh token (the one `onRefreshToken` last saved). */
  refreshToken: string;
  onRefreshToken: OnRefreshToken;
}

interface InstalledTokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  store_id: string;
}

/**
 * A server's client for one store that installed an app (§13): the authorization-code grant with PKCE to
 * start (`authorizeUrl`, then `exchangeCode`), and a rotating refresh token from then on. It renews its
 * access token by itself (single flight, before it expires) and **awaits `onRefreshToken` with the new
 * refresh token before it uses the new access token**: save it there (a database row), and a crash can
 * never lose the grant — the server keeps the previous refresh token usable until the new one is first
 * used. `refreshToken` is always the current one. Otherwise it is an AppClient: `store()`, `products`,
 * `orders`, `graphql`, `revoke()`; its secret and tokens never show in `util.inspect` or `JSON.stringify`.
 */
export class InstalledAppClient extends AppClient {
  #refreshToken: string;
  readonly #onRefreshToken: OnRefreshToken;

  constructor(options: InstalledAppClientOptions) {
    super(options);
    if (!options.refreshToken) throw new StorefrontError('refreshToken is required.');
    if (typeof options.onRefreshToken !== 'function') {
      throw new StorefrontError('onRefreshToken is required: it saves each new refresh token.');
    }
    this.#refreshToken = options.refreshToken;
    this.#onRefreshToken = options.onRefreshToken;
  }

  /** The current refresh token (after `onRefreshToken` accepted it). */
  get refreshToken(): string {
    return this.#refreshToken;
  }

  /**
   * Where to send the store's owner to install the app: `url` (the authorization endpoint with PKCE S256),
   * and the `codeVerifier` and `state` to keep for the callback (a `state` is generated when none is given).
   */
  static authorizeUrl(options: {
    baseUrl: string;
    clientId: string;
    redirectUri: string;
    scope?: string;
    state?: string;
  }): { url: string; codeVerifier: string; state: string } {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new StorefrontError('baseUrl must be an absolute http(s) URL.');
    }
    const { verifier, challenge } = pkcePair();
    const state = options.state ?? pkcePair().verifier;
    const url = new URL('/v1/auth/oauth/authorize', base);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', options.clientId);
    url.searchParams.set('redirect_uri', options.redirectUri);
    if (options.scope !== undefined) url.searchParams.set('scope', options.scope);
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.toString(), codeVerifier: verifier, state };
  }

  /**
   * The callback's half: exchanges the code (with the redirect URI and the PKCE verifier of
   * `authorizeUrl`) for the first tokens, awaits `onRefreshToken` with the first refresh token, and answers
   * the client, which already holds the first access token.
   */
  static async exchangeCode(
    options: ClientOptions & {
      clientId: string;
      clientSecret: string;
      code: string;
      redirectUri: string;
      codeVerifier: string;
      onRefreshToken: OnRefreshToken;
    },
  ): Promise<InstalledAppClient> {
    const transport = new Transport(options);
    const basic = btoa(`${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`);
    const startedAt = Date.now();
    const request = { method: 'POST', path: '/v1/auth/oauth/token' } as const;
    const response = await transport.send({
      ...request,
      form: {
        grant_type: 'authorization_code',
        code: options.code,
        redirect_uri: options.redirectUri,
        code_verifier: options.codeVerifier,
      },
      headers: { authorization: `Basic ${basic}` },
      // A code is single use: sending it twice would revoke what the first exchange got.
      retryable: false,
    });
    if (response.status !== 200) throw oauthError(response);
    const body = jsonBody<InstalledTokenAnswer>(response, request);
    if (typeof body.refresh_token !== 'string') {
      throw new OAuthError(
        response.status,
        'invalid_grant',
        'The answer carried no refresh token.',
        response.requestId,
      );
    }
    await options.onRefreshToken(body.refresh_token);
    const client = new InstalledAppClient({ ...options, refreshToken: body.refresh_token });
    client.seedToken(body.access_token, body.expires_in, startedAt);
    return client;
  }

  /** The refresh-token grant; the new refresh token is saved (awaited) before the new access token is used. */
  protected override async requestToken(): Promise<{ access_token: string; expires_in: number }> {
    const body = await this.postToken<InstalledTokenAnswer>({
      grant_type: 'refresh_token',
      refresh_token: this.#refreshToken,
    });
    // Until this resolves the new tokens are not used; if it throws, the previous refresh token (still
    // usable: its replacement was never used) stays the current one.
    await this.#onRefreshToken(body.refresh_token);
    this.#refreshToken = body.refresh_token;
    return body;
  }
}
