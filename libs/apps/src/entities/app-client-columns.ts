import { Column } from 'typeorm';
import { UuidRow } from '@app/core';

/**
 * What every app is to the token endpoint, whichever table holds it: a name, a client id, the client
 * secret as a keyed hash (SecretHasher, purpose `oauth_client_secret`, hex) with its last 4 characters,
 * and `secret_version`, stamped into every access token (`ver`) so that a rotation refuses the tokens
 * of the old secret on the very next request, even within the same second. Each entity names its own
 * table and indexes (the client id's unique index among them).
 */
export abstract class AppClientColumns extends UuidRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId!: string;

  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  /** The secret's last 4 characters, for telling secrets apart in lists. */
  @Column({ name: 'secret_hint', type: 'varchar', length: 4 })
  secretHint!: string;

  @Column({ name: 'secret_version', type: 'integer', default: 1 })
  secretVersion!: number;

  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];
}
