import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { WebhookEndpointEntity } from './webhook-endpoint.entity';

/**
 * One event for one endpoint: the body as it is signed and sent (the same bytes on every attempt) and
 * where its attempts stand. The row is also the queue of attempts (docs/webhooks.md): a pending delivery
 * is due at `next_attempt_at`, and an instance making its attempt holds it until `leased_until`. It goes
 * with its endpoint and with its event (purged after the retention).
 */
@Entity({ name: 'webhook_deliveries' })
@Check('ck_webhook_deliveries_status', `"status" IN ('pending', 'succeeded', 'failed')`)
@Check('ck_webhook_deliveries_manual', `"manual" IN ('resume', 'once')`)
// One delivery per event and endpoint, however often the event is handed over.
@Unique('uq_webhook_deliveries_endpoint_event', ['endpointId', 'eventId'])
// An endpoint's deliveries read newest first, (created_at, id) descending. The migration declares these
// columns DESC, which TypeORM's index metadata cannot say (nor compares).
@Index('ix_webhook_deliveries_endpoint_created', ['endpointId', 'createdAt', 'id'])
// The cascade from an event's purge.
@Index('ix_webhook_deliveries_event', ['eventId'])
// Each endpoint's pending deliveries, oldest due first (the claim's walk and its take per endpoint).
@Index('ix_webhook_deliveries_due', ['endpointId', 'nextAttemptAt'], { where: `"status" = 'pending'` })
export class WebhookDeliveryEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_deliveries' })
  id!: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId!: string;

  @ManyToOne('WebhookEndpointEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'FK_webhook_deliveries_endpoint' })
  endpoint?: WebhookEndpointEntity;

  /** The endpoint's store (it never changes): the per-store limit of attempts in flight reads it. */
  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  // By entity name, not class: the webhooks context depends on the events table, not on its code.
  @ManyToOne('EventEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'FK_webhook_deliveries_event' })
  event?: object;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  @Column({ type: 'text' })
  body!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: 'pending' | 'succeeded' | 'failed';

  @Column({ name: 'attempt_count', type: 'integer', default: 0 })
  attemptCount!: number;

  /** When the next attempt is due, while the delivery is pending. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** Set while an instance makes an attempt: until then no other takes it; after it, anyone may (a crash). */
  @Column({ name: 'leased_until', type: 'timestamptz', nullable: true })
  leasedUntil!: Date | null;

  /** The next attempt is the owner's request (test event, retry): made even while the endpoint is disabled. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  manual!: 'resume' | 'once' | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
