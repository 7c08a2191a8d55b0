import { OAuth2Server } from 'oauth2-mock-server';
import type { IncomingMessage } from 'node:http';

export interface GoogleUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
}

interface MutableToken {
  payload: Record<string, unknown>;
}
interface MutableResponse {
  statusCode: number;
  body: Record<string, unknown> | '';
}
type BodyRequest = IncomingMessage & { body?: Record<string, string>; query?: Record<string, string> };

/**
 * A real local OpenID Connect provider standing in for Google: oauth2-mock-server (a real HTTP server
 * with /authorize, /token with PKCE checks, /userinfo), told through its hooks who signs in. `next` is
 * the person who "consents" at the next /authorize; the user is carried by the code into the access
 * token, and /userinfo answers from that token, so flows that overlap still see their own person.
 */
export class GoogleProvider {
  readonly clientId = 'google-client-id';
  readonly clientSecret = 'google-client-secret';
  /** Who signs in at the next /authorize. */
  next: GoogleUser = { sub: 'google-user-1', email: 'someone@example.com', email_verified: true };
  /** Refuse at /authorize (redirect back with error=access_denied). */
  deny = false;
  /** Answer the token request with 400 invalid_grant. */
  failTokenExchange = false;
  /** Every /authorize query and /token form seen, for assertions (PKCE, redirect_uri). */
  readonly authorizeRequests: Record<string, string>[] = [];
  readonly tokenRequests: Record<string, string>[] = [];

  private readonly usersByCode = new Map<string, GoogleUser>();

  private constructor(readonly server: OAuth2Server) {}

  static async start(): Promise<GoogleProvider> {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    const provider = new GoogleProvider(server);
    provider.listen();
    return provider;
  }

  get url(): string {
    return this.server.issuer.url!.replace(/\/$/, '');
  }

  /** The GOOGLE_* variables pointing the service at this provider. */
  get env(): Record<string, string> {
    return {
      GOOGLE_CLIENT_ID: this.clientId,
      GOOGLE_CLIENT_SECRET: this.clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${this.url}/authorize`,
      GOOGLE_TOKEN_URL: `${this.url}/token`,
      GOOGLE_USERINFO_URL: `${this.url}/userinfo`,
    };
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  private listen(): void {
    const service = this.server.service;
    service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }, req: BodyRequest) => {
      this.authorizeRequests.push({ ...(req.query ?? {}) });
      if (this.deny) {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
        url.searchParams.set('error_description', 'The user denied access');
        return;
      }
      const code = url.searchParams.get('code');
      if (code) this.usersByCode.set(code, { ...this.next });
    });
    service.on('beforeTokenSigning', (token: MutableToken, req: BodyRequest) => {
      const user = req.body?.code ? this.usersByCode.get(req.body.code) : undefined;
      if (user) Object.assign(token.payload, { sub: user.sub, google_user: user });
    });
    service.on('beforeResponse', (response: MutableResponse, req: BodyRequest) => {
      this.tokenRequests.push({ ...(req.body ?? {}) });
      if (req.body?.code) this.usersByCode.delete(req.body.code);
      if (this.failTokenExchange) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Bad code' };
      }
    });
    service.on('beforeUserinfo', (response: MutableResponse, req: BodyRequest) => {
      // passport-google-oauth20 (through node-oauth) sends the token as ?access_token=, which Google
      // accepts as well as the Authorization header.
      const user = userFromToken(bearer(req.headers.authorization) ?? req.query?.access_token);
      if (!user) {
        response.statusCode = 401;
        response.body = { error: 'invalid_token', error_description: 'Unknown access token' };
        return;
      }
      response.body = { ...user };
    });
  }
}

function bearer(header: string | undefined): string | undefined {
  return /^Bearer (.+)$/.exec(header ?? '')?.[1];
}

/** Reads the user the access token was minted for (the mock signs it; the service never reads it). */
function userFromToken(token: string | undefined): GoogleUser | null {
  if (typeof token !== 'string') return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
      google_user?: GoogleUser;
    };
    return payload.google_user ?? null;
  } catch {
    return null;
  }
}
