import { AppAuthorizationCodeEntity } from './app-authorization-code.entity';
import { AppGrantEntity } from './app-grant.entity';
import { AppInstallationEntity } from './app-installation.entity';
import { AppRefreshTokenEntity } from './app-refresh-token.entity';
import { InstallableAppEntity } from './installable-app.entity';

export {
  AppAuthorizationCodeEntity,
  AppGrantEntity,
  AppInstallationEntity,
  AppRefreshTokenEntity,
  InstallableAppEntity,
};

/** The installed-apps tables, for the composition root's entity list. */
export const INSTALLED_APPS_ENTITIES = [
  InstallableAppEntity,
  AppInstallationEntity,
  AppGrantEntity,
  AppAuthorizationCodeEntity,
  AppRefreshTokenEntity,
];
