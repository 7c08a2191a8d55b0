import { Injectable } from '@nestjs/common';
import { AppCaller, canonicalScopes, isUuid } from '@app/core';
import type { AppClaims, AppTokenResolver } from '@app/auth';
import { OAuthAppsRepository } from './oauth-apps.repository';

const MAX_INT4 = 2_147_483_647;

/**
 * The revocation read for app tokens, on every request that carries one: ONE prepared statement on the
 * `oauth_apps` primary key plus a `revoked_tokens` probe by jti. A token is live while its app exists
 * (deleting the app or its store cascades), the app's secret generation still equals the token's `ver`
 * (a rotation bumps it — exact, unlike comparing second-precision `iat` with the rotation time), and
 * its jti was not revoked through RFC 7009.
 */
@Injectable()
export class AppTokenLiveness implements AppTokenResolver {
  constructor(private readonly apps: OAuthAppsRepository) {}

  async resolve(claims: AppClaims): Promise<AppCaller | null> {
    const ver = claims.ver;
    if (!isUuid(claims.sub) || !isUuid(claims.store_id) || !isUuid(claims.jti)) return null;
    if (typeof ver !== 'number' || !Number.isInteger(ver) || ver < 1 || ver > MAX_INT4) return null;
    const live = await this.apps.isTokenLive({
      appId: claims.sub,
      storeId: claims.store_id,
      ver,
      jti: claims.jti,
    });
    if (!live) return null;
    return {
      kind: 'app',
      appId: claims.sub,
      storeId: claims.store_id,
      scopes: canonicalScopes(claims.scope.split(' ')),
      jti: claims.jti,
    };
  }
}
