import { PassportStrategy } from '@nestjs/passport';
import type { GithubConfig } from '@app/core';
import { Passport } from 'passport';
import { Profile, Strategy } from 'passport-github2';
import type { StateStore } from 'passport-oauth2';
import { normaliseEmail, SocialIdentity } from './social-identity';

interface GithubEmail {
  value?: unknown;
  primary?: unknown;
  verified?: unknown;
}

/**
 * GitHub sign-in through passport-github2. The e-mail comes from `/user/emails` (all of them, with
 * their flags): only the primary address, and only when GitHub marks it verified, links accounts.
 */
export class GithubStrategy extends PassportStrategy(Strategy, 'github') {
  constructor(config: GithubConfig, publicUrl: string, store: object) {
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
      store: store as StateStore,
    });
  }

  validate(_accessToken: string, _refreshToken: string | undefined, profile: Profile): SocialIdentity {
    const emails = (profile.emails ?? []) as GithubEmail[];
    const primary = emails.find((e) => e.primary === true);
    return {
      provider: 'github',
      subject: String(profile.id),
      email: normaliseEmail(primary?.value),
      emailVerified: primary?.verified === true,
    };
  }

  /** See GoogleStrategy.getPassportInstance. */
  getPassportInstance(): InstanceType<typeof Passport> {
    return new Passport();
  }
}
