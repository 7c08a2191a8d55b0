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

  /**
   * (v1.3) Origins a browser may call with it from; empty: any (CORS_ORIGINS still decides CORS). A GIN
   * index (`ix_public_tokens_allowed_origins`, made by its migration) answers a preflight's "does any
   * token list this origin?". Declared here so that the entities and the migrations agree (TypeORM has no
   * index method option: the migration's `USING gin` stands, and the schema builder compares name and columns).
   */
  @Index('ix_public_tokens_allowed_origins')
  @Column({ name: 'allowed_origins', type: 'varchar', length: 255, array: true, default: () => "'{}'" })
  allowedOrigins!: string[];

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}
