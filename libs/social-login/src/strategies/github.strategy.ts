import { PassportStrategy } from '@nestjs/passport';
import type { GithubConfig } from '@app/core';
import { Passport } from 'passport';
import { Profile, Strategy, StrategyOptions } from 'passport-github2';
import type { StateStore } from 'passport-oauth2';
import { hardenOAuthClient } from './provider-http.hardening';
import { normaliseEmail, SocialIdentity } from './social-identity.interface';

interface GithubEmail {
  value?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/**
 * GitHub sign-in through passport-github2, with PKCE (S256) and our own state store. The e-mail comes
 * from `/user/emails` (all of them, with their flags): only the primary address, and only when GitHub
 * marks it verified, links accounts. Provider calls time out and malformed answers are refused before
 * the strategy parses them (provider-http.hardening.ts).
 */
export class GithubStrategy extends PassportStrategy(Strategy, 'github') {
  constructor(config: GithubConfig, publicUrl: string, store: object) {
    // @types/passport-github2 does not know passport-oauth2's `pkce`/`state` options; the cast keeps them.
    super({
      clientID: config.clientId,
      clientSecret: config.clientSecret,
      authorizationURL: config.authorizationUrl,
      tokenURL: config.tokenUrl,
      userProfileURL: `${config.apiUrl}/user`,
      userEmailURL: `${config.apiUrl}/user/emails`,
      allRawEmails: true,
      callbackURL: `${publicUrl}/v1/auth/github/callback`,
      scope: ['read:user', 'user:email'],
      userAgent: 'storefront-platform',
      // PKCE (S256) toward GitHub too: a stolen authorization code is useless without our verifier.
      pkce: true,
      state: true,
      store: store as StateStore,
    } as unknown as StrategyOptions);
    hardenOAuthClient((this as unknown as { _oauth2: unknown })._oauth2, {
      arrays: [`${config.apiUrl}/user/emails`],
      forms: [config.tokenUrl],
    });
  }

  validate(_accessToken: string, _refreshToken: string | undefined, profile: Profile): SocialIdentity {
    const emails = (profile.emails ?? []) as GithubEmail[];
    const primary = emails.find((e) => e.primary === true);
    // passport-github2 writes String(json.id), so a missing id would read "undefined": take it raw.
    const id = (profile as Profile & { _json?: { id?: unknown } })._json?.id;
    return {
      provider: 'github',
      subject:
        (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id)
          ? String(id)
          : '',
      email: normaliseEmail(primary?.value),
      emailVerified: primary?.verified === true,
    };
  }

  /** See GoogleStrategy.getPassportInstance. */
  getPassportInstance(): InstanceType<typeof Passport> {
    return new Passport();
  }
}
