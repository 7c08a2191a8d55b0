import { Injectable } from '@nestjs/common';
import { AccessibleStore, AccountCaller, isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
import type { StoreModel } from './dto/store.model';
import { toStoreData, toStoreModel } from './store.mapper';
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
  /** (v1.4) ISO 4217: the store's currency. */
  currencyCode: string;
}

/** What the onboarding rules look at when deciding a change. */
export interface StoreProgress {
  status: StoreStatus;
  completedStages: number[];
}

/**
 * Stores, for their members. The route's access rule (the access guard, reading the caller's membership)
 * has decided who may act before any method here runs; a method gets the store it decided, with the
 * caller's role (AccessibleStore), and never asks again. No SQL here: the table is the repository's.
 */
@Injectable()
export class StoresService {
  constructor(
    private readonly stores: StoresRepository,
    private readonly events: EventsWriter,
  ) {}

  /**
   * Creates a store in onboarding with the given fields and progress (stage 1 → [1]), the caller its
   * owner, in one transaction. Stage 1 is a stage call that changed the store, so it is `store.updated`
   * (there is no `store.created` type): the store's events start with its first state.
   */
  async create(
    caller: AccountCaller,
    fields: Pick<StoreFields, 'name' | 'description'> & { currencyCode?: string },
    completedStages: number[],
  ): Promise<StoreModel> {
    return this.stores.transaction(async (tx) => {
      const row = await this.stores.insert(tx, caller.accountId, fields, completedStages);
      await this.events.emit(tx, { storeId: row.id, type: 'store.updated', caller, data: toStoreData(row) });
      return toStoreModel(row, 'owner');
    });
  }

  async get(store: AccessibleStore): Promise<StoreModel> {
    const row = await this.stores.find(store.storeId);
    if (!row) throw StoreErrors.notFound();
    return toStoreModel(row, store.role);
  }

  /** Every store the caller is a member of, with its role there, oldest first. */
  async listMine(caller: AccountCaller): Promise<StoreModel[]> {
    return (await this.stores.listOf(caller.accountId)).map((row) => toStoreModel(row, row.role));
  }

  /** PUT: sets the given fields, nothing else (onboarding progress stays as it is). */
  async update(
    caller: AccountCaller,
    store: AccessibleStore,
    fields: Partial<StoreFields>,
  ): Promise<StoreModel> {
    // An empty PUT writes nothing, so it has no event.
    if (isEmptyPatch({ fields })) return this.get(store);
    const row = await this.stores.transaction(async (tx) => {
      const updated = await this.stores.update(tx, store.storeId, { fields });
      if (updated) {
        const data = toStoreData(updated);
        await this.events.emit(tx, { storeId: store.storeId, type: 'store.updated', caller, data });
      }
      return updated;
    });
    if (!row) throw StoreErrors.notFound();
    return toStoreModel(row, store.role);
  }

  /**
   * Deletes the store; everything it owns (members, invitations, apps, public tokens, products, orders)
   * goes with it through ON DELETE CASCADE foreign keys, in the same statement.
   */
  async delete(store: AccessibleStore): Promise<void> {
    if (!(await this.stores.delete(store.storeId))) throw StoreErrors.notFound();
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
      currencyCode: row.currency_code.trim(),
    };
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
    store: AccessibleStore,
    decide: (progress: StoreProgress) => StorePatch | null,
  ): Promise<StoreModel> {
    const { storeId, role } = store;
    // Only the transaction's own manager inside: the embedded database has a single connection.
    return this.stores.transaction(async (tx) => {
      const locked = await this.stores.lock(tx, storeId);
      if (!locked) throw StoreErrors.notFound();
      const patch = decide({ status: locked.status, completedStages: locked.completed_stages.map(Number) });
      if (!patch || isEmptyPatch(patch)) return toStoreModel(locked, role);
      const row = await this.stores.update(tx, storeId, patch);
      if (!row) throw StoreErrors.notFound();
      const type = patch.activate ? 'store.completed' : 'store.updated';
      await this.events.emit(tx, { storeId, type, caller, data: toStoreData(row) });
      return toStoreModel(row, role);
    });
  }
}
