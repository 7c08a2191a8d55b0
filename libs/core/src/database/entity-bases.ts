import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns most tables open with, declared once: a generated uuid key and the time the row was
 * created. A base class only lends its columns; each entity still names its own table, indexes and
 * constraints, so the schema is exactly what the migrations build.
 */
export abstract class UuidRow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A row of one store's (apps, public tokens, products, orders): it goes when the store is deleted. */
export abstract class StoreOwnedRow extends UuidRow {
  @Column({ name: 'store_id', type: 'uuid' })
  storeId!: string;

  // By entity name, not class: a context depends on the stores table, not on the stores code.
  @ManyToOne('StoreEntity', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: object;
}
