import { Injectable } from '@nestjs/common';
import { AccountCaller, canonicalScopes, isUuid, randomSecret, SecretHasher } from '@app/core';
import { EventsWriter } from '@app/events';
import { AppEndpointsRepository } from '@app/webhooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { webhookEventProblem } from './app-scopes';
import { DeveloperAppPatch, DeveloperAppsRepository } from './developer-apps.repository';
import type {
  AppInstallationDto,
  CreateDeveloperAppDto,
  DeveloperAppCredentialsDto,
  DeveloperAppDto,
  RotatedClientSecretDto,
  RotatedWebhookSecretDto,
  UpdateDeveloperAppDto,
} from './dto/developer-app.dto';
import { InstallationsRepository } from './installations.repository';
import { InstalledAppErrors } from './installed-apps.errors';
import { toAppInstallationDto, toDeveloperAppDto } from './installed-apps.mapper';
import { redirectUriProblem } from './redirect-uris';
import { syncAppEndpoints, uninstallInTx } from './installation-effects';

/** The same purpose as the store apps' secrets (oauth-apps): one kind of secret, one hash. */
export const CLIENT_SECRET_PURPOSE = 'oauth_client_secret';
const SECRET_PREFIX = 'sfs_';
/** Installable apps' client ids: the token endpoint tells them from store apps (`sfc_`) by the prefix. */
export const INSTALLABLE_CLIENT_ID_PREFIX = 'sfi_';

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

  async create(caller: AccountCaller, input: CreateDeveloperAppDto): Promise<DeveloperAppCredentialsDto> {
    const fields = this.checked({
      redirectUris: input.redirectUris,
      scopes: canonicalScopes(input.scopes),
      homepageUrl: input.homepageUrl ?? null,
      webhookUrl: input.webhookUrl ?? null,
      webhookEvents: input.webhookEvents ?? [],
    });
    const id = randomUUID();
    const secret = randomSecret(SECRET_PREFIX);
    const webhook = this.endpoints.newAppSecret(id);
    const row = await this.apps.transaction((tx) =>
      this.apps.insert(tx, {
        id,
        developerId: caller.accountId,
        name: input.name,
        clientId: INSTALLABLE_CLIENT_ID_PREFIX + randomBytes(16).toString('hex'),
        secretHash: this.hasher.hash(CLIENT_SECRET_PURPOSE, secret),
        secretHint: secret.slice(-4),
        redirectUris: fields.redirectUris,
        scopes: fields.scopes,
        homepageUrl: fields.homepageUrl,
        webhookUrl: fields.webhookUrl,
        webhookEvents: fields.webhookEvents,
        webhookSecretSealed: webhook.sealed,
        webhookSecretHint: webhook.secret.slice(-4),
      }),
    );
    const app = toDeveloperAppDto(row);
    return {
      id: app.id,
      name: app.name,
      clientId: app.clientId,
      clientSecret: secret,
      redirectUris: app.redirectUris,
      scopes: app.scopes,
      homepageUrl: app.homepageUrl,
      webhookUrl: app.webhookUrl,
      webhookEvents: app.webhookEvents,
      webhookSecret: webhook.secret,
      createdAt: app.createdAt,
    };
  }

  async list(caller: AccountCaller): Promise<DeveloperAppDto[]> {
    return (await this.apps.list(caller.accountId)).map(toDeveloperAppDto);
  }

  async get(caller: AccountCaller, appId: string): Promise<DeveloperAppDto> {
    return toDeveloperAppDto(await this.found(isUuid(appId) ? this.apps.get(caller.accountId, appId) : null));
  }

  /**
   * Changes what the app may ask for next and where its webhooks go: installations keep their grant until
   * the store consents again, and each store's endpoint for the app is brought in line (the new URL, the
   * subscribed events its grant there can read) in the same transaction.
   */
  async update(caller: AccountCaller, appId: string, input: UpdateDeveloperAppDto): Promise<DeveloperAppDto> {
    if (!isUuid(appId)) throw InstalledAppErrors.appNotFound();
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
    if (!isUuid(appId)) throw InstalledAppErrors.appNotFound();
    await this.apps.transaction(async (tx) => {
      await this.found(this.apps.get(caller.accountId, appId, tx));
      for (const installation of await this.installations.lockAllOfApp(tx, appId)) {
        await uninstallInTx(tx, this.events, this.endpoints, caller, installation);
      }
      if (!(await this.apps.delete(tx, caller.accountId, appId))) throw InstalledAppErrors.appNotFound();
    });
  }

  /** A new client secret: the old one and every access token are refused at once; refresh tokens keep working. */
  async rotateSecret(caller: AccountCaller, appId: string): Promise<RotatedClientSecretDto> {
    if (!isUuid(appId)) throw InstalledAppErrors.appNotFound();
    const secret = randomSecret(SECRET_PREFIX);
    const row = await this.found(
      this.apps.rotateSecret(caller.accountId, appId, {
        hash: this.hasher.hash(CLIENT_SECRET_PURPOSE, secret),
        hint: secret.slice(-4),
      }),
    );
    return { ...toDeveloperAppDto(row), clientSecret: secret };
  }

  /** A new webhook secret; for 24 h every delivery to the app carries a signature with each. */
  async rotateWebhookSecret(caller: AccountCaller, appId: string): Promise<RotatedWebhookSecretDto> {
    if (!isUuid(appId)) throw InstalledAppErrors.appNotFound();
    const webhook = this.endpoints.newAppSecret(appId);
    const row = await this.apps.transaction(async (tx) => {
      const rotated = await this.found(
        this.apps.rotateWebhookSecret(tx, caller.accountId, appId, {
          sealed: webhook.sealed,
          hint: webhook.secret.slice(-4),
        }),
      );
      await this.syncEndpoints(tx, appId);
      return rotated;
    });
    return { ...toDeveloperAppDto(row), webhookSecret: webhook.secret };
  }

  async installationsOf(caller: AccountCaller, appId: string): Promise<AppInstallationDto[]> {
    const rows = await this.found(isUuid(appId) ? this.apps.installations(caller.accountId, appId) : null);
    return rows.map(toAppInstallationDto);
  }

  private syncEndpoints(tx: EntityManager, appId: string): Promise<void> {
    return syncAppEndpoints(tx, this.apps, this.installations, this.endpoints, appId);
  }

  private async found<T>(value: Promise<T | undefined> | T | undefined | null): Promise<T> {
    const resolved = await value;
    if (resolved === undefined || resolved === null) throw InstalledAppErrors.appNotFound();
    return resolved;
  }

  /** The registration rules beyond a field's shape: URLs, and events the app's scopes can read. */
  private checked<T extends DeveloperAppRowFields>(fields: T): T {
    fields.redirectUris.forEach((uri, i) => {
      const problem = redirectUriProblem(uri);
      if (problem) throw InstalledAppErrors.invalid(`redirectUris[${i}]`, `redirect URI ${problem}`);
    });
    if (fields.homepageUrl !== null) {
      let ok = false;
      try {
        ok = ['https:', 'http:'].includes(new URL(fields.homepageUrl).protocol);
      } catch {
        ok = false;
      }
      if (!ok) throw InstalledAppErrors.invalid('homepageUrl', 'homepageUrl must be an absolute http(s) URL');
    }
    if (fields.webhookUrl !== null) {
      const problem = this.endpoints.urlProblem(fields.webhookUrl);
      if (problem) throw InstalledAppErrors.invalid('webhookUrl', problem.replace(/^url/, 'webhookUrl'));
    }
    for (const type of fields.webhookEvents) {
      const problem = webhookEventProblem(type, fields.scopes);
      if (problem) throw InstalledAppErrors.invalid('webhookEvents', problem);
    }
    if (fields.webhookEvents.length > 0 && fields.webhookUrl === null) {
      throw InstalledAppErrors.invalid('webhookUrl', 'webhookUrl is required with webhookEvents');
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
