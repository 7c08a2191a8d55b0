import { Injectable } from '@nestjs/common';
import { AccountCaller, canonicalScopes, isUuid, SecretHasher } from '@app/core';
import { EventsWriter } from '@app/events';
import { AppEndpointsRepository } from '@app/webhooks';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppErrors } from '../apps.errors';
import { APP_CLIENT_SECRET, newClientId } from '../app-credentials';
import { syncAppEndpoints, uninstallInTx } from '../installations/installation-effects';
import { InstallationsRepository } from '../installations/installations.repository';
import { webhookEventProblem } from '../app-scopes';
import type * as Dto from './developer-app.dto';
import { toAppInstallationDto, toDeveloperAppDto } from './developer-app.mapper';
import { DeveloperAppPatch, DeveloperAppsRepository } from './developer-apps.repository';
import { redirectUriProblem } from './redirect-uris';

/**
 * Installable apps for their developer (`/v1/user/apps`): any signed-in account registers apps and is the
 * developer of those it registered; another account's app reads as missing. Secrets are shown once.
 */
@Injectable()
export class DeveloperAppsService {
  constructor(
    private readonly apps: DeveloperAppsRepository,
    private readonly installations: InstallationsRepository,
    private readonly endpoints: AppEndpointsRepository,
    private readonly hasher: SecretHasher,
    private readonly events: EventsWriter,
  ) {}

  async create(
    caller: AccountCaller,
    input: Dto.CreateDeveloperAppDto,
  ): Promise<Dto.DeveloperAppCredentialsDto> {
    const fields = this.checked({
      redirectUris: input.redirectUris,
      scopes: canonicalScopes(input.scopes),
      homepageUrl: input.homepageUrl ?? null,
      webhookUrl: input.webhookUrl ?? null,
      webhookEvents: input.webhookEvents ?? [],
    });
    const id = randomUUID();
    const secret = this.hasher.issue(APP_CLIENT_SECRET);
    const webhook = this.endpoints.newAppSecret(id);
    const row = await this.apps.transaction((tx) =>
      this.apps.insert(tx, {
        id,
        developerId: caller.accountId,
        name: input.name,
        clientId: newClientId('sfi_'),
        secretHash: secret.hash,
        secretHint: secret.hint,
        redirectUris: fields.redirectUris,
        scopes: fields.scopes,
        homepageUrl: fields.homepageUrl,
        webhookUrl: fields.webhookUrl,
        webhookEvents: fields.webhookEvents,
        webhookSecretSealed: webhook.sealed,
        webhookSecretHint: webhook.hint,
      }),
    );
    const app = toDeveloperAppDto(row);
    return {
      id: app.id,
      name: app.name,
      clientId: app.clientId,
      clientSecret: secret.value,
      redirectUris: app.redirectUris,
      scopes: app.scopes,
      homepageUrl: app.homepageUrl,
      webhookUrl: app.webhookUrl,
      webhookEvents: app.webhookEvents,
      webhookSecret: webhook.value,
      createdAt: app.createdAt,
    };
  }

  async list(caller: AccountCaller): Promise<Dto.DeveloperAppDto[]> {
    return (await this.apps.list(caller.accountId)).map(toDeveloperAppDto);
  }

  async get(caller: AccountCaller, appId: string): Promise<Dto.DeveloperAppDto> {
    return toDeveloperAppDto(await this.found(isUuid(appId) ? this.apps.get(caller.accountId, appId) : null));
  }

  /**
   * Changes what the app may ask for next and where its webhooks go: installations keep their grant until
   * the store consents again, and each store's endpoint for the app is brought in line (the new URL, the
   * subscribed events its grant there can read) in the same transaction.
   */
  async update(
    caller: AccountCaller,
    appId: string,
    input: Dto.UpdateDeveloperAppDto,
  ): Promise<Dto.DeveloperAppDto> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    const row = await this.apps.transaction(async (tx) => {
      const current = await this.found(this.apps.get(caller.accountId, appId, tx));
      const scopes = input.scopes ? canonicalScopes(input.scopes) : current.scopes;
      const fields = this.checked({
        redirectUris: input.redirectUris ?? current.redirect_uris,
        scopes,
        homepageUrl: input.homepageUrl === undefined ? current.homepage_url : input.homepageUrl,
        webhookUrl: input.webhookUrl === undefined ? current.webhook_url : input.webhookUrl,
        webhookEvents: input.webhookEvents ?? current.webhook_events,
      });
      const patch: DeveloperAppPatch = {
        name: input.name,
        redirectUris: input.redirectUris,
        scopes: input.scopes ? scopes : undefined,
        homepageUrl: input.homepageUrl,
        webhookUrl: input.webhookUrl,
        webhookEvents: input.webhookEvents ? fields.webhookEvents : undefined,
      };
      const updated = await this.found(this.apps.update(tx, caller.accountId, appId, patch));
      if (input.webhookUrl !== undefined || input.webhookEvents !== undefined)
        await this.syncEndpoints(tx, appId);
      return updated;
    });
    return toDeveloperAppDto(row);
  }

  /** Deleting the app ends every installation as an uninstall does (events, tokens), then removes it. */
  async remove(caller: AccountCaller, appId: string): Promise<void> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    await this.apps.transaction(async (tx) => {
      await this.found(this.apps.get(caller.accountId, appId, tx));
      for (const installation of await this.installations.lockAllOfApp(tx, appId)) {
        await uninstallInTx(tx, this.events, this.endpoints, caller, installation);
      }
      if (!(await this.apps.delete(tx, caller.accountId, appId))) throw AppErrors.appNotFound();
    });
  }

  /** A new client secret: the old one and every access token are refused at once; refresh tokens keep working. */
  async rotateSecret(caller: AccountCaller, appId: string): Promise<Dto.RotatedClientSecretDto> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    const secret = this.hasher.issue(APP_CLIENT_SECRET);
    const row = await this.found(this.apps.rotateSecret(caller.accountId, appId, secret));
    return { ...toDeveloperAppDto(row), clientSecret: secret.value };
  }

  /** A new webhook secret; for 24 h every delivery to the app carries a signature with each. */
  async rotateWebhookSecret(caller: AccountCaller, appId: string): Promise<Dto.RotatedWebhookSecretDto> {
    if (!isUuid(appId)) throw AppErrors.appNotFound();
    const webhook = this.endpoints.newAppSecret(appId);
    const row = await this.apps.transaction(async (tx) => {
      const rotated = await this.found(this.apps.rotateWebhookSecret(tx, caller.accountId, appId, webhook));
      await this.syncEndpoints(tx, appId);
      return rotated;
    });
    return { ...toDeveloperAppDto(row), webhookSecret: webhook.value };
  }

  async installationsOf(caller: AccountCaller, appId: string): Promise<Dto.AppInstallationDto[]> {
    const rows = await this.found(isUuid(appId) ? this.apps.installations(caller.accountId, appId) : null);
    return rows.map(toAppInstallationDto);
  }

  private syncEndpoints(tx: EntityManager, appId: string): Promise<void> {
    return syncAppEndpoints(tx, this.installations, this.endpoints, appId);
  }

  private async found<T>(value: Promise<T | undefined> | T | undefined | null): Promise<T> {
    const resolved = await value;
    if (resolved === undefined || resolved === null) throw AppErrors.appNotFound();
    return resolved;
  }

  /** The registration rules beyond a field's shape: URLs, and events the app's scopes can read. */
  private checked<T extends DeveloperAppRowFields>(fields: T): T {
    fields.redirectUris.forEach((uri, i) => {
      const problem = redirectUriProblem(uri);
      if (problem) throw AppErrors.invalid(`redirectUris[${i}]`, `redirect URI ${problem}`);
    });
    if (fields.homepageUrl !== null) {
      let ok = false;
      try {
        ok = ['https:', 'http:'].includes(new URL(fields.homepageUrl).protocol);
      } catch {
        ok = false;
      }
      if (!ok) throw AppErrors.invalid('homepageUrl', 'homepageUrl must be an absolute http(s) URL');
    }
    if (fields.webhookUrl !== null) {
      const problem = this.endpoints.urlProblem(fields.webhookUrl);
      if (problem) throw AppErrors.invalid('webhookUrl', problem.replace(/^url/, 'webhookUrl'));
    }
    for (const type of fields.webhookEvents) {
      const problem = webhookEventProblem(type, fields.scopes);
      if (problem) throw AppErrors.invalid('webhookEvents', problem);
    }
    if (fields.webhookEvents.length > 0 && fields.webhookUrl === null) {
      throw AppErrors.invalid('webhookUrl', 'webhookUrl is required with webhookEvents');
    }
    return fields;
  }
}

interface DeveloperAppRowFields {
  redirectUris: string[];
  scopes: string[];
  homepageUrl: string | null;
  webhookUrl: string | null;
  webhookEvents: string[];
}
