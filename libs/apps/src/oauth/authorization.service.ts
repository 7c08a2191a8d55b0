import { Inject, Injectable } from '@nestjs/common';
import {
  AccountCaller,
  APP_CONFIG,
  AppConfig,
  canonicalScopes,
  jsonBodyProblem,
  narrowScopes,
  SecretHasher,
} from '@app/core';
import { EventsWriter } from '@app/events';
import { roleAllows } from '@app/sdk';
import { StoresService } from '@app/stores';
import { AppEndpointsRepository } from '@app/webhooks';
import { randomBytes } from 'node:crypto';
import { AppErrors } from '../apps.errors';
import { describeScopes } from '../app-scopes';
import { DeveloperAppsRepository, InstallableClientRow } from '../developer-apps/developer-apps.repository';
import type { ConsentDecisionDto, ConsentQueryDto, ConsentViewDto } from './consent.dto';
import { installedInTx } from '../installations/installation-effects';
import { InstallationsRepository } from '../installations/installations.repository';
import { isRegisteredRedirectUri } from '../developer-apps/redirect-uris';

/** Authorization codes live 60 s (§13). */
export const CODE_TTL_SECONDS = 60;
export const CODE_PURPOSE = 'app_authorization_code';
/** RFC 7636 §4.2: the S256 challenge is the base64url SHA-256 of the verifier, 43 characters. */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
/** The longest `state` and `scope` kept (the consent call takes the same: ConsentDecisionDto). */
const MAX_STATE = 1024;
const MAX_SCOPE = 200;
const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Appends parameters to a redirect URI (keeping any query it has). */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.append(name, value);
  return url.toString();
}

/**
 * The authorization-code grant's front half (§13, RFC 6749 §4.1 with PKCE S256 required and RFC 9207
 * `iss`): the authorize request, checked and sent to the console's consent page; the page's reading of it;
 * the account's choice turned into a code (or a refusal) for the app's registered redirect URI.
 */
@Injectable()
export class AuthorizationService {
  constructor(
    private readonly apps: DeveloperAppsRepository,
    private readonly installations: InstallationsRepository,
    private readonly stores: StoresService,
    private readonly endpoints: AppEndpointsRepository,
    private readonly events: EventsWriter,
    private readonly hasher: SecretHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * `GET /v1/auth/oauth/authorize`: where the browser goes. An unknown client or a redirect URI that is not
   * exactly one of the app's is a 400 problem (thrown) and never a redirect, since it could send the
   * browser anywhere; every other error goes back to the app's redirect URI with `error`, `state` and
   * `iss`; a valid request goes to the consent page with the same parameters.
   */
  async authorize(query: Record<string, unknown>): Promise<string> {
    const single = (name: string): string | undefined => {
      const value = query[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    // A NUL or a lone surrogate would reach PostgreSQL (a 500): refused like a malformed body.
    const unreadable = jsonBodyProblem(query);
    if (unreadable) throw AppErrors.invalid(unreadable.field, unreadable.message);
    const repeated = AUTHORIZE_PARAMS.filter((name) => Array.isArray(query[name]));
    const untrusted = (['client_id', 'redirect_uri'] as const).find((name) => repeated.includes(name));
    if (untrusted) throw AppErrors.invalid(untrusted, `${untrusted} must be given once`);
    const clientId = single('client_id');
    const redirectUri = single('redirect_uri');
    if (!clientId) throw AppErrors.invalid('client_id', 'client_id is required');
    const app = clientId.length <= 64 ? await this.apps.byClientId(clientId) : undefined;
    if (!app) throw AppErrors.invalid('client_id', 'client_id is not a registered installable app');
    if (!redirectUri || !isRegisteredRedirectUri(app.redirect_uris, redirectUri)) {
      throw AppErrors.invalid(
        'redirect_uri',
        "redirect_uri must be exactly one of the app's registered URIs",
      );
    }
    const state = typeof query.state === 'string' && query.state !== '' ? query.state : undefined;
    const fail = (error: string, description: string) =>
      withParams(redirectUri, {
        error,
        error_description: description,
        state,
        iss: this.config.publicUrl,
      });
    if (repeated.length > 0) return fail('invalid_request', `The parameter ${repeated[0]} is repeated.`);
    const responseType = single('response_type');
    if (!responseType) return fail('invalid_request', 'response_type is required.');
    if (responseType !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    if (!state) return fail('invalid_request', 'state is required.');
    if (state.length > MAX_STATE)
      return fail('invalid_request', `state may be at most ${MAX_STATE} characters.`);
    const challenge = single('code_challenge');
    if (!challenge) return fail('invalid_request', 'code_challenge is required (PKCE, RFC 7636).');
    if (single('code_challenge_method') !== 'S256') {
      return fail('invalid_request', 'code_challenge_method must be S256.');
    }
    if (!CODE_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge is malformed.');
    const scope = single('scope');
    if ((scope !== undefined && scope.length > MAX_SCOPE) || !narrowScopes(scope, app.scopes)) {
      return fail('invalid_scope', `scope must be a space-separated subset of: ${app.scopes.join(' ')}.`);
    }
    const consent = new URL('/console/authorize', this.config.publicUrl);
    for (const name of AUTHORIZE_PARAMS) {
      const value = single(name);
      if (value !== undefined) consent.searchParams.set(name, value);
    }
    return consent.toString();
  }

  /** `GET /v1/user/oauth/consent`: what the consent page shows — the app, each scope in words, the stores. */
  async consentView(caller: AccountCaller, query: ConsentQueryDto): Promise<ConsentViewDto> {
    const unreadable = jsonBodyProblem({ ...query });
    if (unreadable) throw AppErrors.invalid(unreadable.field, unreadable.message);
    const { app, scopes } = await this.checkedRequest({
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      scope: query.scope,
      field: { redirectUri: 'redirect_uri', scope: 'scope' },
      scopeRequired: false,
    });
    const stores = (await this.stores.listMine(caller)).filter((s) => roleAllows(s.role, 'integrations'));
    const installed = new Map(
      (
        await this.installations.installedIn(
          app.id,
          stores.map((s) => s.id),
        )
      ).map((i) => [i.store_id, i.scopes]),
    );
    return {
      app: { name: app.name, homepageUrl: app.homepage_url },
      scopes: describeScopes(scopes),
      stores: stores.map((s) => ({
        id: s.id,
        name: s.name,
        installed: installed.has(s.id),
        grantedScopes: installed.get(s.id) ?? [],
      })),
    };
  }

  /**
   * `POST /v1/user/oauth/consent`: the account's choice. Allow: the app is installed in the store (or its
   * grant replaced, when it asks for more than the installation holds) and a code is issued for the
   * redirect URI; deny: `access_denied`. The authorize request's checks apply again (the page's request
   * could be forged), as does the store role rule: only the owner, admins and developers install.
   *
   * This is the one place that decides a grant's scopes: exactly the `scope` list posted — the list the
   * page showed — never "all the app's scopes" worked out now. The app's registered scopes only bound it
   * (a developer who widens them after the page loaded gains nothing); the installation, the code and every
   * token of the code carry that list or less.
   */
  async decide(caller: AccountCaller, input: ConsentDecisionDto): Promise<{ redirectTo: string }> {
    const { app, scopes } = await this.checkedRequest({
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      scope: input.scope,
      field: { redirectUri: 'redirectUri', scope: 'scope' },
      scopeRequired: true,
    });
    if (input.codeChallengeMethod !== 'S256') {
      throw AppErrors.invalid('codeChallengeMethod', 'codeChallengeMethod must be S256');
    }
    if (!CODE_CHALLENGE.test(input.codeChallenge)) {
      throw AppErrors.invalid('codeChallenge', 'codeChallenge must be 43–128 characters of [A-Za-z0-9._~-]');
    }
    if (input.state === '') throw AppErrors.invalid('state', 'state is required');
    const iss = this.config.publicUrl;
    if (input.decision === 'deny') {
      return {
        redirectTo: withParams(input.redirectUri, { error: 'access_denied', state: input.state, iss }),
      };
    }
    const storeId = input.storeId!;
    const role = await this.installations.roleIn(caller.accountId, storeId);
    if (!role || !roleAllows(role, 'integrations')) throw AppErrors.noInstallingStore();
    const code = randomBytes(32).toString('base64url');
    // Built before anything is written (the redirect URI is a checked, parseable one).
    const redirectTo = withParams(input.redirectUri, { code, state: input.state, iss, store_id: storeId });
    await this.installations.transaction(async (tx) => {
      let installation = await this.installations.lockInstallation(tx, app.id, storeId);
      if (!installation) {
        installation = await this.installations.insertInstallation(tx, {
          appId: app.id,
          storeId,
          scopes,
          installedBy: caller.accountId,
        });
        if (!installation) throw AppErrors.noInstallingStore();
        await installedInTx(tx, this.events, this.installations, this.endpoints, caller, installation);
      } else if (!scopes.every((s) => installation!.scopes.includes(s))) {
        // More than the installation holds: the grant is replaced (same installation, wider scopes), and
        // every earlier token of the installation is refused from now on.
        installation = await this.installations.widen(
          tx,
          installation.id,
          canonicalScopes([...installation.scopes, ...scopes]),
        );
        await installedInTx(tx, this.events, this.installations, this.endpoints, caller, installation);
      }
      await this.installations.insertCode(tx, {
        hash: this.hasher.hash(CODE_PURPOSE, code),
        installationId: installation.id,
        appId: app.id,
        storeId,
        accountId: caller.accountId,
        redirectUri: input.redirectUri,
        codeChallenge: input.codeChallenge,
        scopes,
        ttlSeconds: CODE_TTL_SECONDS,
      });
    });
    return { redirectTo };
  }

  /**
   * The client, its exact redirect URI and the scopes asked for, each one registered by the app now. An
   * absent `scope` means all the app registered only where the page is shown (`scopeRequired: false`); the
   * choice must name its scopes.
   */
  private async checkedRequest(request: {
    clientId: string;
    redirectUri: string;
    scope: string | undefined;
    field: { redirectUri: string; scope: string };
    scopeRequired: boolean;
  }): Promise<{ app: InstallableClientRow; scopes: string[] }> {
    const app = await this.apps.byClientId(request.clientId);
    if (!app) throw AppErrors.appNotFound();
    if (!isRegisteredRedirectUri(app.redirect_uris, request.redirectUri)) {
      throw AppErrors.invalid(
        request.field.redirectUri,
        `${request.field.redirectUri} must be exactly one of the app's registered URIs`,
      );
    }
    if (request.scopeRequired && !request.scope?.trim()) {
      throw AppErrors.invalid(
        request.field.scope,
        `${request.field.scope} is required: the space-separated scopes the consent page showed`,
      );
    }
    const scopes = narrowScopes(request.scope, app.scopes);
    if (!scopes) {
      throw AppErrors.invalid(
        request.field.scope,
        `scope must be a space-separated subset of: ${app.scopes.join(' ')}`,
      );
    }
    return { app, scopes };
  }
}
