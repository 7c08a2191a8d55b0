import { ApiProperty } from '@nestjs/swagger';
import { ROLES, type Role } from '@app/sdk';
import type { NextStage } from '../store-progress';

export class StoreAddressModel {
  @ApiProperty({ example: '12 MG Road' }) line1!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Floor 3' }) line2!: string | null;
  @ApiProperty({ example: 'Bengaluru' }) city!: string;
  @ApiProperty({ example: 'Karnataka' }) state!: string;
  @ApiProperty({ example: '560001' }) postalCode!: string;
  @ApiProperty({ example: 'IN', description: 'ISO 3166-1 alpha-2' }) country!: string;
}

export class StoreOnboardingModel {
  @ApiProperty({ type: [Number], example: [1, 2], description: 'Stages filled so far, ascending.' })
  completedStages!: number[];

  @ApiProperty({
    type: Number,
    nullable: true,
    enum: [2, 3, 4],
    description: 'The stage to fill next; null when all are filled (call complete) or the store is active.',
  })
  nextStage!: NextStage | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  completedAt!: string | null;
}

/**
 * The store's own fields, as its events carry it (`store.updated`, `store.completed`). Unset fields are
 * null; socialLinks is [] when unset.
 */
export class StoreDataModel {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Chai & Co.' }) name!: string;
  @ApiProperty({ type: String, nullable: true, maxLength: 2000 }) description!: string | null;
  @ApiProperty({ enum: ['onboarding', 'active'] }) status!: 'onboarding' | 'active';
  @ApiProperty({ type: StoreOnboardingModel }) onboarding!: StoreOnboardingModel;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) faviconUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) logoBlackWhiteUrl!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uri' }) logoColorUrl!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The media the favicon comes from (its `180` rendition); null for a plain URL.',
  })
  faviconMediaId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The media of the black-and-white logo (its `medium` rendition); null for a plain URL.',
  })
  logoBlackWhiteMediaId!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The media of the coloured logo (its `medium` rendition); null for a plain URL.',
  })
  logoColorMediaId!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+919876543210' }) mobile!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+912226591234' }) landline!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'email' }) supportEmail!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+919876543210' }) whatsappNumber!: string | null;
  @ApiProperty({ type: StoreAddressModel, nullable: true }) address!: StoreAddressModel | null;
  @ApiProperty({ type: String, nullable: true, example: 'South India' }) region!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '27AAPFU0939F1ZV' }) gstNumber!: string | null;
  @ApiProperty({ type: [String], example: ['https://instagram.com/chaiandco'] }) socialLinks!: string[];
  @ApiProperty({
    description:
      '(v1.4) Members whose account has no second factor are refused on every route of the store (403 `two_factor_required`). Set by the owner.',
  })
  requireTwoFactor!: boolean;
  @ApiProperty({
    example: 'USD',
    description: 'ISO 4217; products created without a currencyCode are priced in it.',
  })
  currencyCode!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

/** The store as the API shows it to a member: its fields and the caller's role in it. */
export class StoreModel extends StoreDataModel {
  @ApiProperty({
    enum: ROLES,
    description: "The caller's role in the store (a member's, never anyone else's).",
  })
  role!: Role;
}

/** (v1.4) A store in the caller's list (`GET /v1/user/stores/@me`). */
export class StoreListItemModel extends StoreModel {
  @ApiProperty({
    description:
      'True when the store requires a second factor and the caller has none: every route of the store answers 403 `two_factor_required` until they add one (under Security).',
  })
  twoFactorRequired!: boolean;
}
