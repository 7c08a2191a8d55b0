import { Inject, Injectable } from '@nestjs/common';
import {
  AccessibleStore,
  AccountCaller,
  APP_CONFIG,
  AppConfig,
  Caller,
  Errors,
  FieldError,
  isUuid,
} from '@app/core';
import { EventsWriter } from '@app/events';
import { type MediaBranding, MediaService } from '@app/media';
import type { EntityManager } from 'typeorm';
import { BRANDING } from './branding';
import type { StoreListItemModel, StoreModel } from './dto/store.model';
import { toStoreData, toStoreModel } from './store.mapper';
import type { StoreFields, StorePatch } from './store.row';
import type { StoreStatus } from './store-progress';
import { goneBrandingMedia, StoresRepository, isEmptyPatch } from './stores.repository';
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
export class StoresService implements MediaBranding {
  constructor(
    private readonly stores: StoresRepository,
    private readonly events: EventsWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  /**
   * (v1.4) The branding images of a stage 2 or a PUT, each given as a URL or as an uploaded media of the
   * store (§17): a media id becomes its rendition's URL (the favicon's `180`, a logo's `medium`) and is kept
   * beside it; a URL clears the media id. One way per image; `required` (stage 2) needs every image.
   */
  async branding(
    store: AccessibleStore,
    fields: Partial<StoreFields>,
    required: boolean,
  ): Promise<Partial<StoreFields>> {
    const out: Partial<StoreFields> = { ...fields };
    const errors: FieldError[] = [];
    for (const image of BRANDING) {
      const url = fields[image.url];
      const mediaId = fields[image.media];
      if (url !== undefined && mediaId !== undefined) {
        errors.push({ field: image.media, message: `give ${image.url} or ${image.media}, not both` });
      } else if (mediaId !== undefined && mediaId !== null) {
        const resolved = await this.media.renditionUrl(
          store.storeId,
          mediaId,
          image.purpose,
          image.rendition,
        );
        if (resolved) out[image.url] = resolved;
        else errors.push({ field: image.media, message: `must be a ${image.purpose} media of this store` });
      } else if (url !== undefined) {
        out[image.media] = null;
      } else if (required) {
        errors.push({ field: image.url, message: `${image.url} or ${image.media} is required` });
      }
    }
    if (errors.length > 0) throw Errors.validation(errors);
    return out;
  }

  /**
   * Creates a store in onboarding with the given fields and progress (stage 1 → [1]), the caller its
   * owner, in one transaction — unless the caller owns MAX_STORES_PER_ACCOUNT stores already. Stage 1 is a stage call that changed the store, so it is `store.updated`
   * (there is no `store.created` type): the store's events start with its first state.
   */
  async create(
    caller: AccountCaller,
    fields: Pick<StoreFields, 'name' | 'description'> & { currencyCode?: string },
    completedStages: number[],
  ): Promise<StoreModel> {
    return this.stores.transaction(async (tx) => {
      // (v1.4) MAX_STORES_PER_ACCOUNT, counted under the account's lock (concurrent creations queue).
      if ((await this.stores.countOwned(tx, caller.accountId)) >= this.config.maxStoresPerAccount) {
        throw StoreErrors.limitReached(this.config.maxStoresPerAccount);
      }
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
  async listMine(caller: AccountCaller): Promise<StoreListItemModel[]> {
    return (await this.stores.listOf(caller.accountId)).map((row) => ({
      ...toStoreModel(row, row.role),
      twoFactorRequired: row.require_two_factor && !row.caller_second_factor,
    }));
  }

  /** PUT: sets the given fields, nothing else (onboarding progress stays as it is). */
  async update(
    caller: AccountCaller,
    store: AccessibleStore,
    fields: Partial<StoreFields>,
  ): Promise<StoreModel> {
    // An empty PUT writes nothing, so it has no event.
    if (isEmptyPatch({ fields })) return this.get(store);
    if (fields.requireTwoFactor !== undefined) {
      // (v1.4) The owner's setting; step-up was asked by the route (@StepUp on requireTwoFactor).
      if (store.role !== 'owner') throw StoreErrors.ownerOnly(store.role);
      if (caller.secondFactor !== true) throw StoreErrors.ownerNeedsFactor();
    }
    fields = await this.branding(store, fields, false);
    const row = await this.stores.transaction(async (tx) => {
      const updated = await this.mediaChecked(this.stores.update(tx, store.storeId, { fields }));
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

  /**
   * A store write naming a branding media that was deleted after `branding` checked it (the deletion
   * committed while the write waited for the store's row): 400 naming the field, as for a media that was
   * never there — not the foreign key's error.
   */
  private async mediaChecked<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      const field = goneBrandingMedia(error);
      if (!field) throw error;
      const purpose = BRANDING.find((image) => image.media === field)!.purpose;
      throw Errors.validation([{ field, message: `must be a ${purpose} media of this store` }]);
    }
  }

  /** (MediaBranding) Before a favicon's or a logo's deletion: the store's row, locked. */
  lockStore(tx: EntityManager, storeId: string, wait: boolean): Promise<boolean> {
    return this.stores.lockIfFree(tx, storeId, wait);
  }

  /**
   * (MediaBranding) A media is deleted in `tx`: the branding images shown from it are cleared (URL and
   * media id, since that URL answers 404 from now on), and the store, when it changed, is `store.updated`
   * — its `data` the store as `GET` now answers it, the deleting member as actor.
   */
  async brandingRemoved(tx: EntityManager, caller: Caller, storeId: string, mediaId: string): Promise<void> {
    const row = await this.stores.clearMedia(tx, storeId, mediaId);
    if (row) await this.events.emit(tx, { storeId, type: 'store.updated', caller, data: toStoreData(row) });
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
      const row = await this.mediaChecked(this.stores.update(tx, storeId, patch));
      if (!row) throw StoreErrors.notFound();
      const type = patch.activate ? 'store.completed' : 'store.updated';
      await this.events.emit(tx, { storeId, type, caller, data: toStoreData(row) });
      return toStoreModel(row, role);
    });
  }
}
