import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A URL a store's owner asked to receive some of the store's events at. The repository reads and writes
 * this table with its own SQL; the entity is here so the migration CLI sees the schema (and its drift).
 */
@Entity({ name: 'webhook_endpoints' })
@Check('ck_webhook_endpoints_disabled_reason', `"disabled_reason" IN ('gone', 'failing', 'manual')`)
// A store's endpoints, listed in the order they were created.
@Index('ix_webhook_endpoints_store', ['storeId', 'createdAt', 'id'])
// An installed app's endpoint for a store (§13): at most one per app and store.
@Index('ux_webhook_endpoints_app_store', ['appId', 'storeId'], {
  unique: true,
  where: '"app_id" IS NOT NULL',
})
export class WebhookEndpointEntity {
  // No default: the service picks the id before the insert, because the sealed secret is bound to it.
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_webhook_endpoints' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  // By entity name, not class: the webhooks context depends on the stores table, not on its code.
  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_webhook_endpoints_store' })
  store?: object;

  /**
   * Set on an installed app's endpoint for a store (§13, written by AppEndpointsRepository): the app's
   * `webhookUrl`, the events it subscribed to that its grant there can read, its webhook secret. Null on
   * the store's own endpoints, the only ones the store's routes see. Goes with the app.
   */
  @Column({ name: 'app_id', type: 'uuid', nullable: true })
  appId!: string | null;

  @ManyToOne('InstallableAppEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id', foreignKeyConstraintName: 'FK_webhook_endpoints_app' })
  app?: object;

  /** The account that created the endpoint (a record, not a reference: no foreign key). */
  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @Column({ type: 'varchar', length: 2048 })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ type: 'varchar', length: 500, nullable: true })
  description!: string | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'disabled_reason', type: 'varchar', length: 16, nullable: true })
  disabledReason!: 'gone' | 'failing' | 'manual' | null;

  /** The signing secret, encrypted (AES-256-GCM), not hashed: signing needs the secret itself. */
  @Column({ name: 'secret_sealed', type: 'text' })
  secretSealed!: string;

  @Column({ name: 'secret_hint', type: 'varchar', length: 8 })
  secretHint!: string;

  /** After a rotation the old secret still signs (alongside the new one) until previous_secret_until. */
  @Column({ name: 'previous_secret_sealed', type: 'text', nullable: true })
  previousSecretSealed!: string | null;

  @Column({ name: 'previous_secret_until', type: 'timestamptz', nullable: true })
  previousSecretUntil!: Date | null;

  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures!: number;

  /** Attempts in a row that ran out of time: from CIRCUIT_AFTER_TIMEOUTS on, one attempt at a time. */
  @Column({ name: 'consecutive_timeouts', type: 'integer', default: 0 })
  consecutiveTimeouts!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
