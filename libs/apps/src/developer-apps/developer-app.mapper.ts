import type { AppScope } from '@app/core';
import type { AppInstallationRow, DeveloperAppRow } from './developer-apps.repository';
import { installedFields } from '../installations/installation.mapper';
import type { AppInstallationDto, DeveloperAppDto } from './developer-app.dto';

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

/** A store that installed the developer's app, as the developer sees it. */
export function toAppInstallationDto(row: AppInstallationRow): AppInstallationDto {
  return {
    id: row.id,
    storeId: row.store_id,
    storeName: row.store_name,
    ...installedFields(row),
  };
}
