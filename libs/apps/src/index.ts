export * from './apps.module';
export * from './entities';
export { OAUTH_PATH_PREFIX, sendOAuthError } from './oauth/oauth-errors';
export { AppTokens } from './tokens/app-token-resolver';
export { AppNames } from './app-names';
export { APP_STORE_LOCATOR } from './store-apps/store-apps.repository';
export { APPS_PURGE_RULES } from './purge-rules';
