import { Injectable } from '@nestjs/common';
import { AccountCaller, isUuid } from '@app/core';
import type { StoreModel } from './dto/store.model';
import { toStoreModel } from './store.mapper';
import type { StoreFields, StorePatch } from './store.row';
import type { StoreStatus } from './store-progress';
import { StoresRepository, isEmptyPatch } from './stores.repository';
import { StoreErrors } from './stores.errors';

/** A store as a storefront or an app token may see it. */
export interface PublicStore {
  id: string;
  name: string;
  description: string | null;
  status: string;
  faviconUrl: string | null;
  logoBlackWhiteUrl: string | null;
  logoColorUrl: string | null;
  supportEmail: string | null;
  socialLinks: string[];
}

/** What the onboarding rules look at when deciding a change. */
export interface StoreProgress {
  status: StoreStatus;
  completedStages: number[];
}

/**
 * Stores, always through their owner: a store that is not the caller's is indistinguishable from one
 * that does not exist (404). No SQL here: the table is the repository's.
 */
@Injectable()
export class StoresService {
  constructor(private readonly stores: StoresRepository) {}

  /** Creates a store in onboarding with the given fields and progress (stage 1 → [1]). */
  async create(
    caller: AccountCaller,
    fields: Pick<StoreFields, 'name' | 'description'>,
    completedStages: number[],
  ): Promise<StoreModel> {
    return toStoreModel(await this.stores.insert(caller.accountId, fields, completedStages));
  }

  async get(caller: AccountCaller, storeId: string): Promise<StoreModel> {
    const row = isUuid(storeId) ? await this.stores.findOwned(caller.accountId, storeId) : undefined;
    if (!row) throw StoreErrors.notFound();
    return toStoreModel(row);
  }

  /** Every store of the caller, oldest first. */
  async listMine(caller: AccountCaller): Promise<StoreModel[]> {
    return (await this.stores.listOwned(caller.accountId)).map(toStoreModel);
  }

  /** PUT: sets the given fields, nothing else (onboarding progress stays as it is). */
  async update(caller: AccountCaller, storeId: string, fields: Partial<StoreFields>): Promise<StoreModel> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    if (isEmptyPatch({ fields })) return this.get(caller, storeId);
    const row = await this.stores.updateOwned(caller.accountId, storeId, { fields });
    if (!row) throw StoreErrors.notFound();
    return toStoreModel(row);
  }

  /**
   * Deletes the store; everything it owns (apps, public tokens, products, orders) goes with it through
   * ON DELETE CASCADE foreign keys, in the same statement.
   */
  async delete(caller: AccountCaller, storeId: string): Promise<void> {
    if (!isUuid(storeId) || !(await this.stores.deleteOwned(caller.accountId, storeId)))
      throw StoreErrors.notFound();
  }

  /** The public face of a store, by id, for the contexts whose tokens belong to a store. */
  async publicProfile(storeId: string): Promise<PublicStore | null> {
    const row = isUuid(storeId) ? await this.stores.publicProfile(storeId) : undefined;
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      status: row.status,
      faviconUrl: row.favicon_url,
      logoBlackWhiteUrl: row.logo_black_white_url,
      logoColorUrl: row.logo_color_url,
      supportEmail: row.support_email,
      socialLinks: row.social_links ?? [],
    };
  }

  /** Whether the caller owns the store (an error path's question: which 404 to answer). */
  async isOwnedBy(caller: AccountCaller, storeId: string): Promise<boolean> {
    return isUuid(storeId) && (await this.stores.isOwned(caller.accountId, storeId));
  }

  /**
   * Whether the caller owns the store: for other contexts (apps, public tokens) that hang things off a
   * store. Throws store_not_found otherwise.
   */
  async assertOwned(caller: AccountCaller, storeId: string): Promise<void> {
    if (!isUuid(storeId) || !(await this.stores.isOwned(caller.accountId, storeId)))
      throw StoreErrors.notFound();
  }

  /**
   * Changes a store under a row lock: reads it with SELECT … FOR UPDATE, lets `decide` (the caller's
   * rules; it may throw) choose the change from the locked state, and writes it in the same
   * transaction. Two decisions on the same store therefore never interleave — e.g. a stage call and a
   * `complete` are serialised, so a store can never turn active with a stage missing. `decide`
   * returning null means "no change" and answers the store as it is.
   */
  async changeLocked(
    caller: AccountCaller,
    storeId: string,
    decide: (progress: StoreProgress) => StorePatch | null,
  ): Promise<StoreModel> {
    if (!isUuid(storeId)) throw StoreErrors.notFound();
    // Only the transaction's own manager inside: the embedded database has a single connection.
    return this.stores.transaction(async (tx) => {
      const locked = await this.stores.lockOwned(tx, caller.accountId, storeId);
      if (!locked) throw StoreErrors.notFound();
      const patch = decide({ status: locked.status, completedStages: locked.completed_stages.map(Number) });
      if (!patch || isEmptyPatch(patch)) return toStoreModel(locked);
      return toStoreModel(await this.stores.updateLocked(tx, storeId, patch));
    });
  }
}
