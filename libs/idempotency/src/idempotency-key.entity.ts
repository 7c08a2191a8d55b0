import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** The first answer to a request that carried an Idempotency-Key, kept 24 hours per (caller, key). */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyKeyEntity {
  /**
   * `account:<id>`, `app:<id>:store:<id>[:installation:<id>]:<scope digest>` or `public:<id>:<scope digest>`
   * (callerKey): keys of different callers — of one installed app in two stores, and of one app's tokens
   * with different scopes — never meet.
   */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  caller!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  key!: string;

  /**
   * SHA-256 of the method, route and canonical body — or of the GraphQL operation as it resolved: its
   * text (a persisted query's stored text, never its hash), variables and operation name.
   */
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
