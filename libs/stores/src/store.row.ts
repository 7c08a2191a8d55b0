import type { StoreAddress } from './entities/store.entity';
import type { StoreStatus } from './store-progress';

/** A `stores` row as PostgreSQL returns it (what every query here selects). */
export interface StoreRow {
  id: string;
  name: string;
  description: string | null;
  status: StoreStatus;
  completed_stages: number[];
  completed_at: Date | null;
  favicon_url: string | null;
  logo_black_white_url: string | null;
  logo_color_url: string | null;
  favicon_media_id: string | null;
  logo_black_white_media_id: string | null;
  logo_color_media_id: string | null;
  mobile: string | null;
  landline: string | null;
  support_email: string | null;
  whatsapp_number: string | null;
  address: StoreAddress | null;
  region: string | null;
  gst_number: string | null;
  social_links: string[];
  require_two_factor: boolean;
  currency_code: string;
  created_at: Date;
  updated_at: Date;
}

/** The columns every read selects, in one place so reads and RETURNING agree. */
export const STORE_COLUMNS = `id, name, description, status, completed_stages, completed_at,
  favicon_url, logo_black_white_url, logo_color_url, favicon_media_id, logo_black_white_media_id,
  logo_color_media_id, mobile, landline, support_email, whatsapp_number,
  address, region, gst_number, social_links, require_two_factor, currency_code, created_at, updated_at`;

/** The fields a store holder sets (stages 1–4 and PUT). */
export interface StoreFields {
  name: string;
  description: string | null;
  faviconUrl: string | null;
  logoBlackWhiteUrl: string | null;
  logoColorUrl: string | null;
  faviconMediaId: string | null;
  logoBlackWhiteMediaId: string | null;
  logoColorMediaId: string | null;
  mobile: string | null;
  landline: string | null;
  supportEmail: string | null;
  whatsappNumber: string | null;
  address: StoreAddress | null;
  region: string | null;
  gstNumber: string | null;
  socialLinks: string[];
  /** (v1.4) Members without a second factor are refused on the store's routes (set by the owner, PUT). */
  requireTwoFactor: boolean;
  /** (v1.4) ISO 4217, `USD` unless set at stage 1 or by PUT. */
  currencyCode: string;
}

/** A change to a store: some fields, and/or onboarding progress (set only by the onboarding context). */
export interface StorePatch {
  fields?: Partial<StoreFields>;
  completedStages?: number[];
  /** Marks the store active, completedAt = now. */
  activate?: true;
}

/** The store-holder fields, by their entity property names: what a patch may set. */
export const STORE_FIELD_NAMES: readonly (keyof StoreFields)[] = [
  'name',
  'description',
  'faviconUrl',
  'logoBlackWhiteUrl',
  'logoColorUrl',
  'faviconMediaId',
  'logoBlackWhiteMediaId',
  'logoColorMediaId',
  'mobile',
  'landline',
  'supportEmail',
  'whatsappNumber',
  'address',
  'region',
  'gstNumber',
  'socialLinks',
  'requireTwoFactor',
  'currencyCode',
];
