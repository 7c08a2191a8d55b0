import { AppAuthorizationCodeEntity } from './app-authorization-code.entity';
import { AppGrantEntity } from './app-grant.entity';
import { AppInstallationEntity } from './app-installation.entity';
import { AppRefreshTokenEntity } from './app-refresh-token.entity';
import { InstallableAppEntity } from './installable-app.entity';
import { OAuthAppEntity } from './store-app.entity';

export {
  AppAuthorizationCodeEntity,
  AppGrantEntity,
  AppInstallationEntity,
  AppRefreshTokenEntity,
  InstallableAppEntity,
  OAuthAppEntity,
};

/** The apps context's tables, for the composition root's entity list. */
export const APPS_ENTITIES = [
  OAuthAppEntity,
  InstallableAppEntity,
  AppInstallationEntity,
  AppGrantEntity,
  AppAuthorizationCodeEntity,
  AppRefreshTokenEntity,
];
