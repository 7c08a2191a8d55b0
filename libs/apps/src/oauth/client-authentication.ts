import { Injectable } from '@nestjs/common';
import { SecretHasher } from '@app/core';
import { OAuthErrors } from '../apps.errors';
import { APP_CLIENT_SECRET } from '../app-credentials';
import { AppTokensRepository } from '../tokens/app-tokens.repository';
import { OAuthParams, readClientCredentials } from './oauth-params';

const MAX_CLIENT_ID = 64;
const MAX_SECRET = 256;

/** An authenticated client: a store app acts for its store; an installable app for its installations. */
export type AuthenticatedClient = {
  appId: string;
  clientId: string;
  scopes: string[];
  secretVersion: number;
} & ({ kind: 'store'; storeId: string } | { kind: 'installable' });

/**
 * Client authentication for the token, revocation and introspection endpoints, one for every kind of app
 * (RFC 6749 §2.3.1): the credentials (Basic or body, never both), ONE read of the client by its id across
 * both app tables, and always one constant-time comparison — against a decoy hash when the client id is
 * unknown, so response time does not tell which ids exist. Failure is `invalid_client` (401, with a Basic
 * challenge after Basic).
 */
@Injectable()
export class ClientAuthentication {
  private readonly decoyHash: string;

  constructor(
    private readonly apps: AppTokensRepository,
    private readonly hasher: SecretHasher,
  ) {
    this.decoyHash = hasher.issue(APP_CLIENT_SECRET).hash;
  }

  async authenticate(authorization: string | undefined, params: OAuthParams): Promise<AuthenticatedClient> {
    const { clientId, clientSecret, basic } = readClientCredentials(authorization, params);
    if (clientId.length > MAX_CLIENT_ID || clientSecret.length > MAX_SECRET) {
      throw OAuthErrors.invalidClient(basic);
    }
    const row = await this.apps.clientByClientId(clientId);
    const matches = this.hasher.matches(
      APP_CLIENT_SECRET.purpose,
      clientSecret,
      row?.secret_hash ?? this.decoyHash,
    );
    if (!row || !matches) throw OAuthErrors.invalidClient(basic);
    const client = { appId: row.id, clientId, scopes: row.scopes, secretVersion: row.secret_version };
    return row.store_id === null
      ? { ...client, kind: 'installable' }
      : { ...client, kind: 'store', storeId: row.store_id };
  }
}
