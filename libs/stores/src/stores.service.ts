import { Injectable } from '@nestjs/common';
import { AccountCaller, isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
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
  constructor(
    private readonly stores: StoresRepository,
    private readonly events: EventsWriter,
  ) {}

  /**
   * Creates a store in onboarding with the given fields and progress (stage 1 → [1]). Stage 1 is a stage
   * call that changed the store, so it is `store.updated` (there is no `store.created` type): the store's
   * events start with its first state.
   */
  async create(
    caller: AccountCaller,
    fields: Pick<StoreFields, 'name' | 'description'>,
    completedStages: number[],
  ): Promise<StoreModel> {
    return this.stores.transaction(async (tx) => {
      const store = toStoreModel(await this.stores.insert(tx, caller.accountId, fields, completedStages));
      await this.events.emit(tx, { storeId: store.id, type: 'store.updated', caller, data: store });
      return store;
    });
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
    // An empty PUT writes nothing, so it has no event.
    if (isEmptyPatch({ fields })) return this.get(caller, storeId);
    const store = await this.stores.transaction(async (tx) => {
      const row = await this.stores.updateOwned(tx, caller.accountId, storeId, { fields });
      if (!row) return undefined;
      const model = toStoreModel(row);
      await this.events.emit(tx, { storeId, type: 'store.updated', caller, data: model });
      return model;
    });
    if (!store) throw StoreErrors.notFound();
    return store;
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
   * returning null means "no change" and answers the store as it is (and has no event). A change is
   * one event in the same transaction: `store.completed` when it activates the store, else `store.updated`.
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
      const store = toStoreModel(await this.stores.updateLocked(tx, storeId, patch));
      const type = patch.activate ? 'store.completed' : 'store.updated';
      await this.events.emit(tx, { storeId, type, caller, data: store });
      return store;
    });
  }
}
