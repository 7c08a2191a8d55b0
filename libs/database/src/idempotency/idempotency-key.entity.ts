import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The first answer to a request that carried an Idempotency-Key, kept 24 hours per (caller, key). */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  /** `account:<id>` or `app:<id>`: keys of different callers never meet. */
  @PrimaryColumn({ type: 'varchar', length: 80 })
  caller!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /** SHA-256 of the method, route and canonical body (or GraphQL query, variables, operation name). */
  @Column({ type: 'char', length: 64 })
  fingerprint!: string;

  /** Null while the first request runs. */
  @Column({ type: 'int', nullable: true })
  status!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  body!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Index('ix_idempotency_keys_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
