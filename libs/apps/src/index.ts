export * from './oauth-apps.module';
export * from './entities/oauth-app.entity';
export { OAUTH_PATH_PREFIX, sendOAuthError } from './oauth/oauth-errors';
export { AppTokenLiveness } from './app-token-liveness.service';
export { AppNames } from './app-names';
export { APP_STORE_LOCATOR } from './oauth-apps.repository';
export { INSTALLED_APP_GRANTS } from './oauth/installed-app-grants.port';
export type { InstalledAppGrants, InstalledTokenResponse } from './oauth/installed-app-grants.port';
export type { ClientCredentials, OAuthParams } from './oauth/oauth-params';
