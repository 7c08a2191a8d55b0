import { Column, Entity, Index } from 'typeorm';
import { StoreOwnedRow } from '@app/core';

/**
 * A read-only public token of one store, for browser code. Stored only as a keyed hash;
 * the guard finds it by that hash, so rotating or deleting it kills the old value at once.
 */
@Entity({ name: 'public_tokens' })
@Index('ix_public_tokens_store_created', ['storeId', 'createdAt', 'id'])
export class PublicTokenEntity extends StoreOwnedRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** HMAC-SHA-256 (SecretHasher, purpose `public_token`) of the token, hex. */
  @Index('uq_public_tokens_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  /** The token's last 4 characters. */
  @Column({ name: 'token_hint', type: 'varchar', length: 4 })
  tokenHint!: string;

  @Column({ type: 'varchar', length: 32, array: true })
  scopes!: string[];

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}
