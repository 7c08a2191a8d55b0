import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Single tokens revoked before their expiry (by `jti`), e.g. through RFC 7009 revocation. Rows can be
 * pruned once `expires_at` has passed: the token would be refused as expired anyway.
 */
@Entity({ name: 'revoked_tokens' })
export class RevokedTokenEntity {
  @PrimaryColumn({ type: 'uuid' })
  jti!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', default: () => 'now()' })
  revokedAt!: Date;
}
