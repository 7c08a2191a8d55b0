import type { AppScope } from '@app/core';
import type { InstallationSelfDto, StoreInstallationDto } from './installation.dto';
import type { InstallationRow, StoreInstallationRow } from './installations.repository';

/** What every view of an installation ends with: what it may do, and since when. */
export const installedFields = (row: { scopes: string[]; created_at: Date }) => ({
  scopes: row.scopes as AppScope[],
  installedAt: row.created_at.toISOString(),
});

/** An installation as the store's members see it. */
export function toStoreInstallationDto(row: StoreInstallationRow): StoreInstallationDto {
  return {
    id: row.id,
    appId: row.app_id,
    appName: row.app_name,
    homepageUrl: row.homepage_url,
    ...installedFields(row),
    installedBy: { id: row.installed_by, email: row.installed_by_email },
  };
}

/** An installation as its own app's token sees it. */
export function toInstallationSelfDto(row: InstallationRow): InstallationSelfDto {
  return {
    id: row.id,
    appId: row.app_id,
    storeId: row.store_id,
    ...installedFields(row),
  };
}
