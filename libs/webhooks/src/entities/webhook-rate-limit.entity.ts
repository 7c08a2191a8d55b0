import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * The owner's requests for attempts (test events, retries), counted per store and kind in one-minute
 * windows: the limit holds across instances, on the database every instance shares.
 */
@Entity({ name: 'webhook_rate_limits' })
export class WebhookRateLimitEntity {
  @PrimaryColumn({ name: 'store_id', type: 'uuid', primaryKeyConstraintName: 'PK_webhook_rate_limits' })
  storeId!: string;

  @PrimaryColumn({ type: 'varchar', length: 8, primaryKeyConstraintName: 'PK_webhook_rate_limits' })
  kind!: 'test' | 'retry';

  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_webhook_rate_limits_store' })
  store?: object;

  @Column({ name: 'window_start', type: 'timestamptz' })
  windowStart!: Date;

  @Column({ type: 'integer' })
  hits!: number;
}
