import { Injectable } from '@nestjs/common';
import { AppCaller, canonicalScopes, isUuid } from '@app/core';
import type { AppClaims, AppTokenResolver } from '@app/auth';
import { AppTokensRepository } from './app-tokens.repository';

const MAX_INT4 = 2_147_483_647;

/**
 * The guard's APP_TOKEN_RESOLVER, for every app token on every request that carries one: the claims are
 * checked for shape, then ONE prepared statement (AppTokensRepository.isLive) decides: `app_token_live_store`
 * for a store app's token, `app_token_live_installed` for an installed app's (`iid`, its installation, and
 * `gid`, its grant) — the claims say which, so each statement is only index lookups.
 */
@Injectable()
export class AppTokens implements AppTokenResolver {
  constructor(private readonly tokens: AppTokensRepository) {}

  async resolve(claims: AppClaims): Promise<AppCaller | null> {
    const { ver, iid, gid } = claims;
    const installed = iid !== undefined;
    if (![claims.sub, claims.store_id, claims.jti].every(isUuid)) return null;
    if (installed && !(isUuid(iid) && isUuid(gid))) return null;
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 1 || ver > MAX_INT4) return null;
    const live = await this.tokens.isLive({
      appId: claims.sub,
      storeId: claims.store_id,
      ver,
      jti: claims.jti,
      installationId: installed ? iid : null,
      grantId: installed ? gid! : null,
    });
    if (!live) return null;
    const caller: AppCaller = {
      kind: 'app',
      appId: claims.sub,
      storeId: claims.store_id,
      scopes: canonicalScopes(claims.scope.split(' ')),
      jti: claims.jti,
    };
    return installed ? { ...caller, installationId: iid } : caller;
  }
}
