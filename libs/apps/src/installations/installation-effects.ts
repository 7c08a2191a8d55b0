import type { AccountCaller, AppScope } from '@app/core';
import type { EventsWriter } from '@app/events';
import type { AppEndpointsRepository } from '@app/webhooks';
import type { EntityManager } from 'typeorm';
import { deliverableEvents } from '../app-scopes';
import type { InstallationRow, InstallationsRepository } from './installations.repository';

/**
 * What an installation changes around it, in the transaction that changes it: the app's webhook endpoint
 * for the store (libs/webhooks) and the store's `app.installed` / `app.uninstalled` events.
 */

const eventData = (installation: InstallationRow) => ({
  installationId: installation.id,
  appId: installation.app_id,
  storeId: installation.store_id,
  scopes: installation.scopes as AppScope[],
});

/** The app's endpoint for the installation's store: its URL, and the events its grant there can read. */
export async function syncInstallationEndpoint(
  tx: EntityManager,
  installations: InstallationsRepository,
  endpoints: AppEndpointsRepository,
  installation: InstallationRow,
): Promise<void> {
  const app = await installations.webhookOf(tx, installation.app_id);
  if (!app) return;
  await endpoints.upsert(tx, {
    appId: app.id,
    storeId: installation.store_id,
    developerId: app.developer_id,
    url: app.webhook_url,
    events: deliverableEvents(app.webhook_events, installation.scopes),
    secrets: {
      current: app.webhook_secret_sealed,
      previous: app.previous_webhook_secret_sealed,
      previousUntil: app.previous_webhook_secret_until,
    },
  });
}

/** Every store's endpoint for the app, after its webhook settings or secret changed. */
export async function syncAppEndpoints(
  tx: EntityManager,
  installations: InstallationsRepository,
  endpoints: AppEndpointsRepository,
  appId: string,
): Promise<void> {
  for (const installation of await installations.lockAllOfApp(tx, appId)) {
    await syncInstallationEndpoint(tx, installations, endpoints, installation);
  }
}

/**
 * A new installation, or a grant replaced with wider scopes: the endpoint first, so the app's own
 * `app.installed` (when it subscribed to it and holds store:read) is among its deliveries.
 */
export async function installedInTx(
  tx: EntityManager,
  events: EventsWriter,
  installations: InstallationsRepository,
  endpoints: AppEndpointsRepository,
  caller: AccountCaller,
  installation: InstallationRow,
): Promise<void> {
  await syncInstallationEndpoint(tx, installations, endpoints, installation);
  await events.emit(tx, {
    storeId: installation.store_id,
    type: 'app.installed',
    caller,
    data: eventData(installation),
  });
}

/**
 * An uninstall (the installation's row already deleted or about to go with its app): `app.uninstalled` is
 * emitted — its delivery to the app written now, as every endpoint subscribes to it — and then the
 * endpoint is retired, so nothing of the store reaches the app after it.
 */
export async function uninstallInTx(
  tx: EntityManager,
  events: EventsWriter,
  endpoints: AppEndpointsRepository,
  caller: AccountCaller,
  installation: InstallationRow,
): Promise<void> {
  await events.emit(tx, {
    storeId: installation.store_id,
    type: 'app.uninstalled',
    caller,
    data: eventData(installation),
  });
  await endpoints.retire(tx, installation.app_id, installation.store_id);
}
