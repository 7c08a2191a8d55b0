import { Injectable } from '@nestjs/common';
import { PreparedQueries } from '@app/database';
import { StoreModel } from '../models/store.model';
import { requireScope, StorefrontCaller } from '../scopes';
import { StorefrontErrors } from '../storefront.errors';

interface StoreRow {
  id: string;
  name: string;
  description: string | null;
  status: string;
  favicon_url: string | null;
  logo_black_white_url: string | null;
  logo_color_url: string | null;
  support_email: string | null;
  social_links: string[];
}

/**
 * The storefront's read of its own store: the public face of the `stores` table (no owner, address,
 * phone numbers or tax id). Read straight from the table so this context depends on the schema only.
 */
@Injectable()
export class StoreReader {
  constructor(private readonly queries: PreparedQueries) {}

  async get(caller: StorefrontCaller): Promise<StoreModel> {
    requireScope(caller, 'store:read');
    const store = await this.byId(caller.storeId);
    // The token was live a moment ago; its store was deleted in between.
    if (!store) throw StorefrontErrors.notFound('The store no longer exists.');
    return store;
  }

  async byId(storeId: string): Promise<StoreModel | null> {
    const rows = await this.queries.rows<StoreRow>(
      'sf_store_by_id',
      `SELECT id, name, description, status, favicon_url, logo_black_white_url, logo_color_url, support_email,
              social_links
         FROM stores WHERE id = $1`,
      [storeId],
    );
    const row = rows[0];
    if (!row) return null;
    const store = new StoreModel();
    store.id = row.id;
    store.name = row.name;
    store.description = row.description;
    store.status = row.status;
    store.faviconUrl = row.favicon_url;
    store.logoBlackWhiteUrl = row.logo_black_white_url;
    store.logoColorUrl = row.logo_color_url;
    store.supportEmail = row.support_email;
    store.socialLinks = row.social_links ?? [];
    return store;
  }
}
