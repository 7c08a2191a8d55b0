import { Inject, Injectable } from '@nestjs/common';
import { JwtModuleOptions, JwtService } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '@app/core';
import { createSecretKey, KeyObject, randomUUID } from 'node:crypto';

export type TokenType = 'account' | 'app';

export interface AccountClaims {
  typ: 'account';
  sub: string;
  sid: string;
  jti: string;
  iss: string;
  iat: number;
  exp: number;
}

export interface AppClaims {
  typ: 'app';
  sub: string;
  store_id: string;
  scope: string;
  jti: string;
  iss: string;
  iat: number;
  exp: number;
  /** The app's secret generation when the token was minted (libs/apps): a rotation kills older ones. */
  ver?: number;
  /** An installed app's token (§13): its installation, and the grant (code exchange) it descends from. */
  iid?: string;
  gid?: string;
}

export type VerifiedClaims = AccountClaims | AppClaims;

/** A token that is not ours, not intact, not current, or not of a known type. */
export class TokenRejected extends Error {}

const KEYS = new WeakMap<AppConfig, KeyObject>();

/** JWT_SECRET's UTF-8 bytes as a KeyObject, imported once per configuration (signing and verifying). */
export function signingKey(config: AppConfig): KeyObject {
  let key = KEYS.get(config);
  if (!key) {
    key = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
    KEYS.set(config, key);
  }
  return key;
}

/**
 * The claims each token type must carry, checked after the signature: the typed claims, or null for a
 * token that is not one of ours (JWTs are verified by JwtService here and by passport-jwt in the guard).
 */
export function claimsOf(payload: unknown): VerifiedClaims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;
  const isString = (v: unknown) => typeof v === 'string' && v.length > 0;
  if (!isString(claims.sub) || !isString(claims.jti) || typeof claims.exp !== 'number') return null;
  if (claims.typ === 'account' && isString(claims.sid)) return claims as unknown as AccountClaims;
  if (claims.typ === 'app' && isString(claims.store_id) && typeof claims.scope === 'string') {
    return claims as unknown as AppClaims;
  }
  return null;
}

/**
 * JwtService's options: HS256 keyed with the UTF-8 bytes of JWT_SECRET, the algorithm pinned on
 * verification (so `alg: none` or an RS/HS confusion can never pass), issuer = PUBLIC_URL.
 *
 * The key is imported once as a KeyObject and handed out by `secretOrKeyProvider`: given the secret as a
 * string, jsonwebtoken re-imports the key on every call (~400 µs on Node 20, 8–9× slower), on the path
 * of every request.
 */
export function jwtModuleOptions(config: AppConfig): JwtModuleOptions {
  const key = signingKey(config);
  return {
    secretOrKeyProvider: () => key,
    signOptions: { algorithm: 'HS256', issuer: config.publicUrl },
    verifyOptions: { algorithms: ['HS256'], issuer: config.publicUrl },
  };
}

/** Signs and verifies the platform's JWTs (account and app access tokens) through JwtService. */
@Injectable()
export class AccessTokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
  ) {}

  signAccount(accountId: string, sessionId: string): { token: string; jti: string; expiresIn: number } {
    const jti = randomUUID();
    const expiresIn = this.config.accessTokenTtl;
    const token = this.jwt.sign(
      { typ: 'account', sid: sessionId },
      { subject: accountId, expiresIn, jwtid: jti },
    );
    return { token, jti, expiresIn };
  }

  signApp(
    appId: string,
    storeId: string,
    scopes: string[],
    secretVersion?: number,
    installed?: { iid: string; gid: string },
  ): { token: string; jti: string; expiresIn: number } {
    const jti = randomUUID();
    const expiresIn = this.config.appTokenTtl;
    const claims: Record<string, unknown> = { typ: 'app', store_id: storeId, scope: scopes.join(' ') };
    if (secretVersion !== undefined) claims.ver = secretVersion;
    if (installed) Object.assign(claims, installed);
    const token = this.jwt.sign(claims, { subject: appId, expiresIn, jwtid: jti });
    return { token, jti, expiresIn };
  }

  /** Verifies signature, algorithm, issuer, exp and nbf, and the claims each type must carry. */
  verify(token: string): VerifiedClaims {
    let payload: unknown;
    try {
      payload = this.jwt.verify(token);
    } catch (error) {
      throw new TokenRejected((error as Error).message);
    }
    const claims = claimsOf(payload);
    if (!claims) throw new TokenRejected('not a platform token');
    return claims;
  }
}
