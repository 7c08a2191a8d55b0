import { Injectable } from '@nestjs/common';
import { StoresService } from '@app/stores';
import { requireScope, ScopedCaller } from '@app/core';
import { PublicStoreModel } from '../models/public-store.model';
import { StorefrontErrors } from '../storefront.errors';

/**
 * The storefront's read of its own store: the public face of a store (no owner, address, phone numbers
 * or tax id), through what @app/stores exports.
 */
@Injectable()
export class StoreReader {
  constructor(private readonly stores: StoresService) {}

  async get(caller: ScopedCaller): Promise<PublicStoreModel> {
    requireScope(caller, 'store:read');
    const store = await this.byId(caller.storeId);
    // The token was live a moment ago; its store was deleted in between.
    if (!store) throw StorefrontErrors.notFound('The store no longer exists.');
    return store;
  }

  async byId(storeId: string): Promise<PublicStoreModel | null> {
    const row = await this.stores.publicProfile(storeId);
    if (!row) return null;
    const store = new PublicStoreModel();
    store.id = row.id;
    store.name = row.name;
    store.description = row.description;
    store.status = row.status;
    store.faviconUrl = row.faviconUrl;
    store.logoBlackWhiteUrl = row.logoBlackWhiteUrl;
    store.logoColorUrl = row.logoColorUrl;
    store.supportEmail = row.supportEmail;
    store.socialLinks = row.socialLinks;
    return store;
  }
}
