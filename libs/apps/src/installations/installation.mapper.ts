import type { AppScope } from '@app/core';
import type { AppInstallationRow, DeveloperAppRow } from './developer-apps.repository';
import type { AppInstallationDto, DeveloperAppDto } from './dto/developer-app.dto';
import type { InstallationSelfDto, StoreInstallationDto } from './dto/installation.dto';
import type { InstallationRow, StoreInstallationRow } from './installations.repository';

/** An installable app as its developer's routes show it: never a secret, their last 4 characters only. */
export function toDeveloperAppDto(row: DeveloperAppRow): DeveloperAppDto {
  return {
    id: row.id,
    name: row.name,
    clientId: row.client_id,
    redirectUris: row.redirect_uris,
    scopes: row.scopes as AppScope[],
    homepageUrl: row.homepage_url,
    webhookUrl: row.webhook_url,
    webhookEvents: row.webhook_events,
    secretHint: row.secret_hint,
    webhookSecretHint: row.webhook_secret_hint,
    installCount: Number(row.install_count),
    createdAt: row.created_at.toISOString(),
  };
}

export function toAppInstallationDto(row: AppInstallationRow): AppInstallationDto {
  return {
    id: row.id,
    storeId: row.store_id,
    storeName: row.store_name,
    scopes: row.scopes as AppScope[],
    installedAt: row.created_at.toISOString(),
  };
}

export function toStoreInstallationDto(row: StoreInstallationRow): StoreInstallationDto {
  return {
    id: row.id,
    appId: row.app_id,
    appName: row.app_name,
    homepageUrl: row.homepage_url,
    scopes: row.scopes as AppScope[],
    installedAt: row.created_at.toISOString(),
    installedBy: { id: row.installed_by, email: row.installed_by_email },
  };
}

export function toInstallationSelfDto(row: InstallationRow): InstallationSelfDto {
  return {
    id: row.id,
    appId: row.app_id,
    storeId: row.store_id,
    scopes: row.scopes as AppScope[],
    installedAt: row.created_at.toISOString(),
  };
}
