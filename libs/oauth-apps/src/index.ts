export * from './oauth-apps.module';
export * from './entities/oauth-app.entity';
export { OAUTH_PATH_PREFIX, sendOAuthError } from './oauth/oauth-errors';
export { AppTokenLiveness } from './app-token-liveness.service';
export { AppNames } from './app-names';
export { APP_STORE_LOCATOR } from './oauth-apps.repository';
