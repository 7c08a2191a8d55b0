import { PassportStrategy } from '@nestjs/passport';
import type { GoogleConfig } from '@app/core';
import { Passport } from 'passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import type { StateStore } from 'passport-oauth2';
import { hardenOAuthClient } from './provider-http.hardening';
import { normaliseEmail, SocialIdentity } from './social-identity.interface';

/**
 * Google sign-in (OpenID Connect's userinfo through passport-google-oauth20), with PKCE (S256) and
 * our own state store. Every endpoint comes from the configuration, so tests and staging can point
 * it at a local provider.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(config: GoogleConfig, publicUrl: string, store: object) {
    super({
      clientID: config.clientId,
      clientSecret: config.clientSecret,
      authorizationURL: config.authorizationUrl,
      tokenURL: config.tokenUrl,
      userProfileURL: config.userinfoUrl,
      callbackURL: `${publicUrl}/v1/auth/google/callback`,
      scope: ['openid', 'email', 'profile'],
      pkce: true,
      state: true,
      store: store as StateStore,
    });
    hardenOAuthClient((this as unknown as { _oauth2: unknown })._oauth2);
  }

  validate(_accessToken: string, _refreshToken: string | undefined, profile: Profile): SocialIdentity {
    const json = (profile._json ?? {}) as { sub?: unknown; email?: unknown; email_verified?: unknown };
    const subject = typeof json.sub === 'string' && json.sub ? json.sub : String(profile.id ?? '');
    return {
      provider: 'google',
      subject,
      email: normaliseEmail(json.email),
      // Google sends a boolean; some of its endpoints have sent the string "true".
      emailVerified: json.email_verified === true || json.email_verified === 'true',
    };
  }

  /**
   * Each application instance runs the strategy through its own Passport (SocialLoginService), so it is
   * kept out of passport's process-wide registry, where a second instance (as in the tests) would
   * replace the first one's configuration.
   */
  getPassportInstance(): InstanceType<typeof Passport> {
    return new Passport();
  }
}
