import { Column, Entity, Index } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * An OAuth app: server-side credentials acting for one store. The client secret exists
 * only as a keyed hash; `secret_version` is stamped into every token (`ver` claim) so that a rotation
 * kills the tokens minted before it on the very next request, even within the same second.
 */
@Entity({ name: 'oauth_apps' })
@Index('ix_oauth_apps_store_created', ['storeId', 'createdAt', 'id'])
export class OAuthAppEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('uq_oauth_apps_client_id', { unique: true })
  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId!: string;

  /** HMAC-SHA-256 (SecretHasher, purpose `oauth_client_secret`) of the client secret, hex. */
  @Column({ name: 'secret_hash', type: 'char', length: 64 })
  secretHash!: string;

  /** The secret's last 4 characters, for telling secrets apart in lists. */
  @Column({ name: 'secret_hint', type: 'varchar', length: 4 })
  secretHint!: string;

  @Column({ name: 'secret_version', type: 'integer', default: 1 })
  secretVersion!: number;

  @Column({ name: 'secret_rotated_at', type: 'timestamptz', default: () => 'now()' })
  secretRotatedAt!: Date;

  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];
}
