import { Injectable } from '@nestjs/common';
import { SecretHasher } from '@app/core';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { SocialErrors, SocialProvider } from './social.errors';
import { SocialRepository } from './social.repository';

/** How long a started sign-in may take at the provider. */
export const STATE_TTL_SECONDS = 600;

const STATE_PURPOSE = 'social_state';
const SIGNATURE_PURPOSE = 'social_state_sig';
const BINDING_PURPOSE = 'social_binding';
const STATE_FORMAT = /^[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{43}$/;
const BINDING_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface VerifiedState {
  codeVerifier: string | null;
  redirectUri: string | null;
  /** The page's S256 challenge (with a redirect_uri), handed on to the login code. */
  clientCodeChallenge: string | null;
}

/** What the passport request object carries for the state store (see SocialLoginService). */
export interface SocialRequestContext {
  /** Keyed hash of this browser's binding cookie; null when the browser sent none. */
  bindingHash: string | null;
  /** Set by verify() once the state is consumed, so failures later can still honour its redirect_uri. */
  verified?: VerifiedState;
}

export interface PassportStateRequest {
  social: SocialRequestContext;
}

type StoreCallback = (err: Error | null, state?: string) => void;
type VerifyCallback = (err: Error | null, ok?: string | boolean, state?: VerifiedState) => void;

/**
 * The server side of the OAuth `state`: signed (a forged or tampered value is refused before any
 * database work), short-lived (STATE_TTL_SECONDS), single-use (consumed by a conditional DELETE …
 * RETURNING, so of two callbacks with the same state at most one proceeds) and bound to the browser
 * that started the sign-in (so a victim cannot be made to complete an attacker's sign-in). The row
 * also carries the PKCE verifier and the optional redirect_uri, which therefore never leave the server.
 */
@Injectable()
export class SocialStateStore {
  constructor(
    private readonly social: SocialRepository,
    private readonly hasher: SecretHasher,
  ) {}

  /** A new random value for the browser-binding cookie. */
  newBinding(): string {
    return randomBytes(32).toString('base64url');
  }

  /** The keyed hash of a binding cookie value, or null when it is absent or malformed. */
  bindingHash(cookieValue: string | undefined): string | null {
    if (!cookieValue || !BINDING_FORMAT.test(cookieValue)) return null;
    return this.hasher.hash(BINDING_PURPOSE, cookieValue);
  }

  async issue(
    provider: SocialProvider,
    bindingHash: string,
    codeVerifier: string | null,
    redirectUri: string | null,
    clientCodeChallenge: string | null,
  ): Promise<string> {
    const handle = randomBytes(24).toString('base64url');
    await this.social.insertState({
      hash: this.hasher.hash(STATE_PURPOSE, handle),
      provider,
      bindingHash,
      codeVerifier,
      redirectUri,
      clientCodeChallenge,
      ttlSeconds: STATE_TTL_SECONDS,
    });
    return `${handle}.${this.sign(provider, handle)}`;
  }

  /** Consumes a state presented at the callback; every kind of bad state is the same 400. */
  async consume(provider: SocialProvider, raw: unknown, bindingHash: string | null): Promise<VerifiedState> {
    if (typeof raw !== 'string' || !STATE_FORMAT.test(raw) || !bindingHash) throw SocialErrors.invalidState();
    const [handle, signature] = raw.split('.');
    const expected = Buffer.from(this.sign(provider, handle));
    if (!timingSafeEqual(Buffer.from(signature), expected)) throw SocialErrors.invalidState();
    const row = await this.social.consumeState(
      this.hasher.hash(STATE_PURPOSE, handle),
      provider,
      bindingHash,
    );
    if (!row || !row.live) throw SocialErrors.invalidState();
    return {
      codeVerifier: row.code_verifier,
      redirectUri: row.redirect_uri,
      clientCodeChallenge: row.client_code_challenge,
    };
  }

  /**
   * The object handed to a passport strategy as its `store`. passport-oauth2 picks the call shape by
   * the functions' arity: store(req, verifier, state, meta, cb) and verify(req, state, meta, cb); a
   * string `ok` from verify is used as the PKCE code_verifier at the token endpoint.
   */
  forStrategy(provider: SocialProvider) {
    return {
      store: (
        req: PassportStateRequest,
        verifier: string | undefined,
        state: { redirectUri?: string | null; clientCodeChallenge?: string | null } | undefined,
        _meta: unknown,
        cb: StoreCallback,
      ): void => {
        const bindingHash = req.social.bindingHash;
        if (!bindingHash) return cb(new Error('social sign-in started without a browser binding'));
        this.issue(
          provider,
          bindingHash,
          verifier ?? null,
          state?.redirectUri ?? null,
          state?.clientCodeChallenge ?? null,
        ).then(
          (value) => cb(null, value),
          (error: Error) => cb(error),
        );
      },
      verify: (
        req: PassportStateRequest,
        providedState: unknown,
        _meta: unknown,
        cb: VerifyCallback,
      ): void => {
        this.consume(provider, providedState, req.social.bindingHash).then(
          (verified) => {
            req.social.verified = verified;
            cb(null, verified.codeVerifier ?? true, verified);
          },
          (error: Error) => cb(error),
        );
      },
    };
  }

  private sign(provider: SocialProvider, handle: string): string {
    return Buffer.from(this.hasher.hash(SIGNATURE_PURPOSE, `${provider}:${handle}`), 'hex').toString(
      'base64url',
    );
  }
}
