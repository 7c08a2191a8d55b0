export * from './entities';
export { SocialController } from './social.controller';
export { SOCIAL_PROVIDERS } from './social.providers';
export { SocialLoginService } from './social-login.service';
