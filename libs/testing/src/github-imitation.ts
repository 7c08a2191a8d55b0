import { createHash, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility?: string | null;
}

export interface GithubUser {
  id: number;
  login: string;
  name?: string;
  emails: GithubEmail[];
}

interface Grant {
  user: GithubUser;
  redirectUri: string;
  codeChallenge: string | null;
}

/** A scripted answer for one path, replacing the imitation's own: a raw body, or no answer at all. */
export type GithubOverride = { status?: number; contentType?: string; body: string } | 'hang';

/**
 * A small, real HTTP imitation of GitHub's OAuth web flow and the two REST calls sign-in needs:
 * GET /login/oauth/authorize (redirects straight back, as if the person had approved),
 * POST /login/oauth/access_token (form-encoded answer unless JSON is asked for; errors in a 200 body,
 * as GitHub does), GET {api}/user and GET {api}/user/emails (token required, User-Agent required).
 * The API lives under /api/v3, as on GitHub Enterprise, so GITHUB_API_URL is exercised as a base.
 * It requires PKCE (S256), and `overrides` script malformed or missing answers.
 */
export class GithubImitation {
  readonly clientId = 'github-client-id';
  readonly clientSecret = 'github-client-secret';
  /** Who signs in at the next /login/oauth/authorize. */
  next: GithubUser = {
    id: 1001,
    login: 'octo',
    emails: [{ email: 'octo@example.com', primary: true, verified: true }],
  };
  deny = false;
  /**
   * Answers that replace the imitation's own, by path (`/login/oauth/access_token`, `/api/v3/user`,
   * `/api/v3/user/emails`): malformed bodies, or a request that is accepted and never answered.
   */
  readonly overrides = new Map<string, GithubOverride>();
  readonly authorizeRequests: Record<string, string>[] = [];
  readonly tokenRequests: Record<string, string>[] = [];

  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, GithubUser>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<GithubImitation> {
    const holder: { imitation?: GithubImitation } = {};
    const server = createServer((req, res) => {
      holder.imitation!.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    holder.imitation = new GithubImitation(server, `http://127.0.0.1:${port}`);
    return holder.imitation;
  }

  get env(): Record<string, string> {
    return {
      GITHUB_CLIENT_ID: this.clientId,
      GITHUB_CLIENT_SECRET: this.clientSecret,
      GITHUB_AUTHORIZATION_URL: `${this.url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${this.url}/login/oauth/access_token`,
      GITHUB_API_URL: `${this.url}/api/v3`,
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const override = this.overrides.get(url.pathname);
    if (override === 'hang') return; // accepted, never answered
    if (override) {
      res.writeHead(override.status ?? 200, { 'Content-Type': override.contentType ?? 'application/json' });
      res.end(override.body);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') return this.authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      return this.accessToken(req, new URLSearchParams(await readBody(req)), res);
    }
    if (req.method === 'GET' && (url.pathname === '/api/v3/user' || url.pathname === '/api/v3/user/emails')) {
      if (!req.headers['user-agent']) return json(res, 403, { message: 'User-Agent required' });
      const token = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const user = token ? this.tokens.get(token) : undefined;
      if (!user) return json(res, 401, { message: 'Bad credentials' });
      if (url.pathname === '/api/v3/user') {
        return json(res, 200, { id: user.id, login: user.login, name: user.name ?? null, email: null });
      }
      return json(
        res,
        200,
        user.emails.map((e) => ({ visibility: null, ...e })),
      );
    }
    return json(res, 404, { message: 'Not Found' });
  }

  private authorize(url: URL, res: ServerResponse): void {
    const query = Object.fromEntries(url.searchParams);
    this.authorizeRequests.push(query);
    if (query.client_id !== this.clientId || !query.redirect_uri) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(query.redirect_uri);
    if (this.deny) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(10).toString('hex');
      // PKCE as GitHub does it: an S256 challenge here, its verifier required at the token endpoint.
      const codeChallenge = query.code_challenge_method === 'S256' ? (query.code_challenge ?? null) : null;
      this.grants.set(code, {
        user: structuredClone(this.next),
        redirectUri: query.redirect_uri,
        codeChallenge,
      });
      back.searchParams.set('code', code);
    }
    if (query.state) back.searchParams.set('state', query.state);
    res.writeHead(302, { Location: back.href }).end();
  }

  private accessToken(req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void {
    const body = Object.fromEntries(form);
    this.tokenRequests.push(body);
    const grant = body.code ? this.grants.get(body.code) : undefined;
    if (body.code) this.grants.delete(body.code);
    let answer: Record<string, string>;
    if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
      answer = {
        error: 'incorrect_client_credentials',
        error_description: 'The client_id and/or client_secret passed are incorrect.',
      };
    } else if (
      !grant ||
      (body.redirect_uri && body.redirect_uri !== grant.redirectUri) ||
      // This imitation insists on PKCE (GitHub accepts it; we always send it).
      !grant.codeChallenge ||
      createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url') !== grant.codeChallenge
    ) {
      answer = {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      };
    } else {
      const token = `gho_${randomBytes(18).toString('hex')}`;
      this.tokens.set(token, grant.user);
      answer = { access_token: token, scope: 'read:user,user:email', token_type: 'bearer' };
    }
    if (/json/.test(req.headers.accept ?? '')) return json(res, 200, answer);
    res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' });
    res.end(new URLSearchParams(answer).toString());
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
