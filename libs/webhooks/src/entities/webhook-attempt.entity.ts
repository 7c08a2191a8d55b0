import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** One try at sending a delivery: when, the receiver's status code or the failure, and how long it took. */
@Entity({ name: 'webhook_attempts' })
// A delivery's attempts, in the order they were made.
@Index('ix_webhook_attempts_delivery', ['deliveryId', 'at'])
export class WebhookAttemptEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_webhook_attempts' })
  id!: string;

  @Column({ name: 'delivery_id', type: 'uuid' })
  deliveryId!: string;

  @ManyToOne('WebhookDeliveryEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id', foreignKeyConstraintName: 'FK_webhook_attempts_delivery' })
  delivery?: WebhookDeliveryEntity;

  @Column({ type: 'timestamptz' })
  at!: Date;

  /** The receiver's answer; null when none came (see `error`). */
  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  error!: string | null;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs!: number;
}
