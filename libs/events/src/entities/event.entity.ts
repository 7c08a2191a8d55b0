import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One committed change to a store's resources (the transactional outbox): written by EventsWriter in the
 * transaction of the change itself, so a change that rolls back leaves no event and a committed one
 * always has exactly one. Rows cascade away with their store and are purged after EVENT_RETENTION_DAYS.
 */
@Entity({ name: 'events' })
@Check('ck_events_actor_type', `"actor_type" IN ('account', 'app', 'public_token', 'system')`)
// The list reads newest first, (created_at, id) descending, by an index seek per page. The migration
// declares these columns DESC, which TypeORM's index metadata cannot say (nor compares).
@Index('ix_events_store_created', ['storeId', 'createdAt', 'id'])
@Index('ix_events_store_type_created', ['storeId', 'type', 'createdAt', 'id'])
// The purge deletes by age across stores.
@Index('ix_events_created', ['createdAt'])
export class EventEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_events' })
  id!: string;

  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  // By entity name, not class: events depend on the stores table, not on the stores code (which emits).
  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_events_store' })
  store?: object;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ name: 'actor_type', type: 'varchar', length: 16 })
  actorType!: 'account' | 'app' | 'system';

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  /** A snapshot at the time of the event (an app's name), so the record survives a later deletion. */
  @Column({ name: 'actor_name', type: 'varchar', length: 255, nullable: true })
  actorName!: string | null;

  @Column({ type: 'jsonb' })
  data!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
