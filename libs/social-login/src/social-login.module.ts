import { Module } from '@nestjs/common';
import { AuthModule } from '@app/auth';
import { APP_CONFIG, AppConfig } from '@app/core';
import type { Strategy } from 'passport';
import { LoginCodeService } from './login-code.service';
import { SOCIAL_STRATEGIES, SocialLoginService } from './social-login.service';
import { SocialStateStore } from './social-state.store';
import { SocialController } from './social.controller';
import { SocialRepository } from './social.repository';
import { GithubStrategy } from './strategies/github.strategy';
import { GoogleStrategy } from './strategies/google.strategy';

/**
 * Google and GitHub sign-in, on top of auth: an identity is linked to an account and opens a session
 * through AuthModule's AccountService and SessionService (auth knows nothing of this module). A strategy
 * exists only for a configured provider (its constructor needs the client id); an unconfigured one
 * answers 404 provider_not_configured.
 */
@Module({
  imports: [AuthModule],
  controllers: [SocialController],
  providers: [
    SocialRepository,
    SocialStateStore,
    LoginCodeService,
    SocialLoginService,
    {
      provide: SOCIAL_STRATEGIES,
      inject: [APP_CONFIG, SocialStateStore],
      useFactory: (config: AppConfig, states: SocialStateStore): Strategy[] => {
        const strategies: Strategy[] = [];
        if (config.google) {
          strategies.push(new GoogleStrategy(config.google, config.publicUrl, states.forStrategy('google')));
        }
        if (config.github) {
          strategies.push(new GithubStrategy(config.github, config.publicUrl, states.forStrategy('github')));
        }
        return strategies;
      },
    },
  ],
})
export class SocialLoginModule {}
