import type { AppCaller } from '@app/core';
import type { AppClaims } from '@app/auth';
import type { ClientCredentials, OAuthParams } from './oauth-params';

/** An installed app's token answer (§13): a §5 answer plus the refresh token and the store. */
export interface InstalledTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token: string;
  store_id: string;
}

/**
 * What the token, revocation and introspection endpoints need for installed apps (§13), whose client ids
 * start with `clientIdPrefix`: implemented by libs/installed-apps, wired in the composition root (this
 * context cannot import it: it imports this one's types). Without it, such clients are unknown.
 */
export interface InstalledAppGrants {
  readonly clientIdPrefix: string;
  /** Client authentication (invalid_client when it fails); the app's id. */
  authenticate(credentials: ClientCredentials): Promise<{ appId: string }>;
  /** The grants (authorization_code, refresh_token; client_credentials is unauthorized_client). */
  token(params: OAuthParams, client: { appId: string }): Promise<InstalledTokenResponse>;
  /** RFC 7009 for a refresh token of the app: its grant and every token of it die. */
  revokeRefreshToken(appId: string, token: string): Promise<void>;
  /** The revocation read of an installed app's access token. */
  resolve(claims: AppClaims): Promise<AppCaller | null>;
}
export const INSTALLED_APP_GRANTS = Symbol('INSTALLED_APP_GRANTS');
