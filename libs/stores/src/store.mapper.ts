import type { Role } from '@app/sdk';
import type { StoreDataModel, StoreModel } from './dto/store.model';
import type { StoreRow } from './store.row';
import { nextStage } from './store-progress';

/**
 * Row → the store as the API shows it to a member: its fields, and the caller's role in it. Field by
 * field, so a new column never leaks by accident.
 */
export function toStoreModel(row: StoreRow, role: Role): StoreModel {
  return { ...toStoreData(row), role };
}

/**
 * Row → the store without anyone's role: the `data` of its events (`store.updated`, `store.completed`),
 * which are read by every member and sent to webhook endpoints, where "the caller's role" means nothing.
 */
export function toStoreData(row: StoreRow): StoreDataModel {
  const completedStages = [...row.completed_stages].map(Number).sort((a, b) => a - b);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    onboarding: {
      completedStages,
      nextStage: nextStage(row.status, completedStages),
      completedAt: row.completed_at ? row.completed_at.toISOString() : null,
    },
    faviconUrl: row.favicon_url,
    logoBlackWhiteUrl: row.logo_black_white_url,
    logoColorUrl: row.logo_color_url,
    faviconMediaId: row.favicon_media_id,
    logoBlackWhiteMediaId: row.logo_black_white_media_id,
    logoColorMediaId: row.logo_color_media_id,
    mobile: row.mobile,
    landline: row.landline,
    supportEmail: row.support_email,
    whatsappNumber: row.whatsapp_number,
    address: row.address
      ? {
          line1: row.address.line1,
          line2: row.address.line2 ?? null,
          city: row.address.city,
          state: row.address.state,
          postalCode: row.address.postalCode,
          country: row.address.country,
        }
      : null,
    region: row.region,
    gstNumber: row.gst_number,
    socialLinks: row.social_links ?? [],
    requireTwoFactor: row.require_two_factor === true,
    currencyCode: row.currency_code.trim(),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
