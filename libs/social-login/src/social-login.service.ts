import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, APP_LOGGER, AppConfig, DomainError, isDatabaseUnavailable } from '@app/core';
import type { IncomingHttpHeaders } from 'node:http';
import { Passport } from 'passport';
import type { Strategy } from 'passport';
import type { Logger } from 'pino';
import {
  AccountService,
  ClientInfo,
  MfaRequired,
  runStrategy,
  SecondFactorsService,
  TokenPair,
} from '@app/auth';
import { LoginCodeService } from './login-code.service';
import { allowedRedirectUri, withParam } from './redirect-uri.policy';
import { SocialRequestContext, SocialStateStore, STATE_TTL_SECONDS } from './social-state.store';
import { SocialErrors, SocialProvider } from './social.errors';
import type { SocialIdentity } from './strategies/social-identity.interface';

/** The strategies of the configured providers (see social-login.module.ts). */
export const SOCIAL_STRATEGIES = Symbol('SOCIAL_STRATEGIES');

/** The HttpOnly cookie that binds a started sign-in to the browser that started it. */
export const BINDING_COOKIE = 'sf_social_binding';

export type CallbackResult =
  | { kind: 'tokens'; pair: TokenPair | MfaRequired }
  | { kind: 'redirect'; location: string };

/** The request as passport sees it: only what the OAuth strategies read, plus our state context. */
interface PassportRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  query: Record<string, string>;
  body: Record<string, never>;
  social: SocialRequestContext;
}

export interface RawRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  query: unknown;
}

/**
 * Google and GitHub sign-in. The passport strategies do the OAuth work (authorize URL with state and
 * PKCE, code exchange, profile); this service runs them through a Passport of its own with
 * `runStrategy`, which captures their redirect instead of writing it, so nothing depends on the HTTP
 * platform. It then links the identity to an account and delivers the result: a token pair, or a
 * single-use login code at the redirect_uri.
 */
@Injectable()
export class SocialLoginService {
  private readonly passport = new Passport();
  private readonly configured = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(SOCIAL_STRATEGIES) strategies: Strategy[],
    private readonly states: SocialStateStore,
    private readonly codes: LoginCodeService,
    private readonly accounts: AccountService,
    private readonly factors: SecondFactorsService,
  ) {
    for (const strategy of strategies) {
      this.passport.use(strategy.name!, strategy);
      this.configured.add(strategy.name!);
    }
  }

  /** The cookie attributes of the browser binding (the whole sign-in must fit in its lifetime). */
  bindingCookie(value: string): string {
    const secure = this.config.publicUrl.startsWith('https://') ? '; Secure' : '';
    // SameSite=Lax: the provider's redirect back is a top-level GET navigation, which carries it.
    return `${BINDING_COOKIE}=${value}; Path=/v1/auth; Max-Age=${STATE_TTL_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
  }

  /**
   * Starts a sign-in: checks the redirect_uri, and returns the provider's authorize URL (with a fresh
   * state, stored server-side) and the binding cookie value (the browser's existing one when it has one,
   * so sign-ins in two tabs do not undo each other).
   */
  async start(
    provider: SocialProvider,
    params: { redirectUri?: string; codeChallenge?: string; codeChallengeMethod?: string },
    request: RawRequest,
  ): Promise<{ location: string; binding: string }> {
    this.assertConfigured(provider);
    let redirect: string | null = null;
    let clientCodeChallenge: string | null = null;
    if (params.redirectUri !== undefined) {
      redirect = allowedRedirectUri(params.redirectUri, this.config.authRedirectOrigins);
      if (!redirect) throw SocialErrors.invalidRedirectUri();
      // The login code will be bound to this challenge (RFC 7636 S256; "plain" is not accepted).
      if (!params.codeChallenge || params.codeChallengeMethod !== 'S256') {
        throw SocialErrors.codeChallengeRequired();
      }
      clientCodeChallenge = params.codeChallenge;
    }
    const existing = readCookie(request.headers.cookie, BINDING_COOKIE);
    const binding = this.states.bindingHash(existing) ? existing! : this.states.newBinding();
    const preq = this.passportRequest(request, binding);
    const outcome = await runStrategy<SocialIdentity>(this.passport, provider, preq, {
      state: { redirectUri: redirect, clientCodeChallenge },
    });
    if (outcome.kind !== 'redirect') {
      throw outcome.kind === 'error' ? outcome.error : new Error(`${provider} start did not redirect`);
    }
    return { location: outcome.location, binding };
  }

  /**
   * The provider's redirect back. The state is checked (and consumed) before anything else, so a bad
   * state is 400 whatever else the query says; a denial or a failed code exchange is 401, or a redirect
   * to the state's redirect_uri with `error=access_denied`.
   */
  async callback(provider: SocialProvider, request: RawRequest, client: ClientInfo): Promise<CallbackResult> {
    this.assertConfigured(provider);
    const preq = this.passportRequest(request, readCookie(request.headers.cookie, BINDING_COOKIE));
    if (preq.query.error !== undefined || preq.query.code === undefined) {
      // No code to exchange: passport would answer a denial without looking at the state, and a bare
      // callback as if it were a new start. Neither may happen without a valid state.
      const verified = await this.states.consume(provider, preq.query.state, preq.social.bindingHash);
      if (verified.redirectUri) return denied(verified.redirectUri);
      throw preq.query.error === 'access_denied' ? SocialErrors.accessDenied() : SocialErrors.providerError();
    }
    const outcome = await runStrategy<SocialIdentity>(this.passport, provider, preq);
    if (outcome.kind !== 'success' || !outcome.user.subject) {
      // Our own refusals (a bad state) and a database outage keep their answer; anything else on the
      // provider's side of the round trip (token endpoint, userinfo, /user/emails) is a provider error.
      if (
        outcome.kind === 'error' &&
        (outcome.error instanceof DomainError || isDatabaseUnavailable(outcome.error))
      ) {
        throw outcome.error;
      }
      this.logger.warn(
        { provider, outcome: outcome.kind, err: describe(outcome.kind === 'error' ? outcome.error : null) },
        'social sign-in failed at the provider',
      );
      const redirectUri = preq.social.verified?.redirectUri;
      if (redirectUri) return denied(redirectUri);
      throw SocialErrors.providerError();
    }
    const identity = outcome.user;
    const accountId = await this.accounts.findOrLinkIdentity(
      identity.provider,
      identity.subject,
      identity.emailVerified ? identity.email : null,
    );
    if (!accountId) throw SocialErrors.emailNotVerified();
    const redirectUri = preq.social.verified?.redirectUri;
    const challenge = preq.social.verified?.clientCodeChallenge;
    if (redirectUri && challenge) {
      const code = await this.codes.issue(accountId, provider, challenge);
      return { kind: 'redirect', location: withParam(redirectUri, 'login_code', code) };
    }
    return { kind: 'tokens', pair: await this.factors.finishSignIn(accountId, provider, client) };
  }

  /** Trades a login code for a token pair; the session records the provider as its method. */
  async exchange(
    loginCode: string,
    codeVerifier: string,
    client: ClientInfo,
  ): Promise<TokenPair | MfaRequired> {
    const { accountId, method } = await this.codes.consume(loginCode, codeVerifier);
    return this.factors.finishSignIn(accountId, method, client);
  }

  private assertConfigured(provider: SocialProvider): void {
    if (!this.configured.has(provider)) throw SocialErrors.providerNotConfigured(provider);
  }

  private passportRequest(request: RawRequest, binding: string | undefined): PassportRequest {
    // Only single string values reach the strategy: a repeated parameter counts as absent.
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string') query[key] = value;
    }
    return {
      method: request.method,
      url: request.url,
      headers: request.headers,
      query,
      body: {},
      social: { bindingHash: this.states.bindingHash(binding) },
    };
  }
}

function denied(redirectUri: string): CallbackResult {
  return { kind: 'redirect', location: withParam(redirectUri, 'error', 'access_denied') };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** What may be logged about a provider failure: its kind and message, never a body or token. */
function describe(error: unknown): { name: string; message: string; status?: number } | null {
  if (!(error instanceof Error)) return null;
  const oauth = (error as { oauthError?: { statusCode?: number } }).oauthError;
  return { name: error.name, message: error.message, status: oauth?.statusCode };
}
