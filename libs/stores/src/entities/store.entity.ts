import { Column, Entity, ForeignKey, UpdateDateColumn } from 'typeorm';
import { UuidRow } from '@app/core';

export interface StoreAddress {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/**
 * A store: the centre of the platform. Everything else a store has (members, apps, public tokens,
 * products, orders) references it with ON DELETE CASCADE, so deleting a store removes all of it. Who may
 * act on it is its members' business (libs/members: `store_members`, the owner being the member with the
 * role `owner`); the store itself names nobody.
 */
@Entity({ name: 'stores' })
export class StoreEntity extends UuidRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'onboarding' })
  status!: 'onboarding' | 'active';

  /** The onboarding stages (1–4) filled so far, ascending. */
  @Column({ name: 'completed_stages', type: 'smallint', array: true, default: () => "'{}'" })
  completedStages!: number[];

  /** (v1.4) Members without a second factor are refused on every route of the store (the access guard). */
  @Column({ name: 'require_two_factor', type: 'boolean', default: false })
  requireTwoFactor!: boolean;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'favicon_url', type: 'varchar', length: 2048, nullable: true })
  faviconUrl!: string | null;

  @Column({ name: 'logo_black_white_url', type: 'varchar', length: 2048, nullable: true })
  logoBlackWhiteUrl!: string | null;

  @Column({ name: 'logo_color_url', type: 'varchar', length: 2048, nullable: true })
  logoColorUrl!: string | null;

  /**
   * (v1.4) The uploaded media each branding image comes from (null when it is a plain URL); the URL
   * columns then hold the media's rendition URL. A deleted media sets its id null (ON DELETE SET NULL).
   * The media table by entity name: the stores context depends on the table, not on the media code.
   */
  @Column({ name: 'favicon_media_id', type: 'uuid', nullable: true })
  @ForeignKey('MediaEntity', { name: 'FK_stores_favicon_media_id', onDelete: 'SET NULL' })
  faviconMediaId!: string | null;

  @Column({ name: 'logo_black_white_media_id', type: 'uuid', nullable: true })
  @ForeignKey('MediaEntity', { name: 'FK_stores_logo_black_white_media_id', onDelete: 'SET NULL' })
  logoBlackWhiteMediaId!: string | null;

  @Column({ name: 'logo_color_media_id', type: 'uuid', nullable: true })
  @ForeignKey('MediaEntity', { name: 'FK_stores_logo_color_media_id', onDelete: 'SET NULL' })
  logoColorMediaId!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  mobile!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  landline!: string | null;

  @Column({ name: 'support_email', type: 'varchar', length: 254, nullable: true })
  supportEmail!: string | null;

  @Column({ name: 'whatsapp_number', type: 'varchar', length: 16, nullable: true })
  whatsappNumber!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  address!: StoreAddress | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  region!: string | null;

  @Column({ name: 'gst_number', type: 'varchar', length: 15, nullable: true })
  gstNumber!: string | null;

  /** (v1.4) ISO 4217: the currency a product created without one is priced in. */
  @Column({ name: 'currency_code', type: 'char', length: 3, default: 'USD' })
  currencyCode!: string;

  @Column({ name: 'social_links', type: 'varchar', length: 2048, array: true, default: () => "'{}'" })
  socialLinks!: string[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
