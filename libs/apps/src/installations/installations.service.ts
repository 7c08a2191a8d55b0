import { Injectable } from '@nestjs/common';
import { AccessibleStore, AccountCaller, AppCaller, isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
import { AppEndpointsRepository } from '@app/webhooks';
import type { InstallationSelfDto, StoreInstallationDto } from './installation.dto';
import { uninstallInTx } from './installation-effects';
import { InstallationsRepository } from './installations.repository';
import { AppErrors } from '../apps.errors';
import { toInstallationSelfDto, toStoreInstallationDto } from './installation.mapper';

/** A store's installed apps, for the members whose role allows integrations (the route decided the store). */
@Injectable()
export class InstallationsService {
  constructor(
    private readonly installations: InstallationsRepository,
    private readonly endpoints: AppEndpointsRepository,
    private readonly events: EventsWriter,
  ) {}

  async list({ storeId }: AccessibleStore): Promise<StoreInstallationDto[]> {
    return (await this.installations.listForStore(storeId)).map(toStoreInstallationDto);
  }

  /**
   * Uninstalls: the installation's row goes — with it its codes, grants and refresh tokens, and the liveness read
   * of its access tokens finds nothing from the very next request, on every instance — `app.uninstalled`
   * is emitted (and delivered to the app), and the app's endpoint for the store is retired.
   */
  async uninstall(
    caller: AccountCaller,
    { storeId }: AccessibleStore,
    installationId: string,
  ): Promise<void> {
    if (!isUuid(installationId)) throw AppErrors.installationNotFound();
    await this.installations.transaction(async (tx) => {
      const gone = await this.installations.deleteInstallation(tx, storeId, installationId);
      if (!gone) throw AppErrors.installationNotFound();
      await uninstallInTx(tx, this.events, this.endpoints, caller, gone);
    });
  }

  /** `GET /v1/app/installation`: an installed app's token's own installation; a store app's token has none. */
  async self(caller: AppCaller): Promise<InstallationSelfDto> {
    if (!caller.installationId) throw AppErrors.installationNotFound();
    const row = await this.installations.byId(caller.installationId, caller.appId, caller.storeId);
    if (!row) throw AppErrors.installationNotFound();
    return toInstallationSelfDto(row);
  }
}
