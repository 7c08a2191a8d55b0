import type { Caller } from '@app/core';
import type { EntityManager } from 'typeorm';

/**
 * What the media context needs from the catalogue (libs/storefront), which imports it for product images
 * and so cannot be imported back: implemented there, wired in the composition root (apps/api).
 *
 * A media's deletion takes its images from every product using it. The catalogue owns the products — their
 * row locks, their `updatedAt` and their `product.updated` event — so the deletion asks it, inside its own
 * transaction, to lock those products and then to record that each changed.
 */
export interface MediaCatalogue {
  /**
   * Locks the store's products of these ids (live or deleted), in id order, for the rest of `tx`; answers
   * the ids locked. With `wait` false a product another transaction holds is skipped, not waited for.
   */
  lockProducts(tx: EntityManager, storeId: string, productIds: string[], wait: boolean): Promise<string[]>;
  /**
   * These products (locked by lockProducts) lost images in `tx`: each live one is `product.updated`, as it
   * now is (images included), with the caller as actor.
   */
  imagesRemoved(tx: EntityManager, caller: Caller, storeId: string, productIds: string[]): Promise<void>;
}
export const MEDIA_CATALOGUE = Symbol('MEDIA_CATALOGUE');

/**
 * (v1.4) What the media context needs from the stores context (libs/stores), which imports it for the
 * branding's rendition URLs and so cannot be imported back: implemented there, wired in the composition
 * root (apps/api). A favicon's or a logo's deletion clears the store's branding that shows it and records
 * that change as `store.updated`, in the deletion's own transaction.
 */
export interface MediaBranding {
  /**
   * Locks the store's row for the rest of `tx`, before the media (the order a `PUT` of the store takes: its
   * row, then the media its foreign key names). With `wait` false a row another transaction holds is not
   * waited for: false.
   */
  lockStore(tx: EntityManager, storeId: string, wait: boolean): Promise<boolean>;
  /**
   * The media is about to be deleted in `tx`: every branding image of the store shown from it becomes null
   * (URL and media id), and the store, if it changed, is `store.updated` with the caller as actor.
   */
  brandingRemoved(tx: EntityManager, caller: Caller, storeId: string, mediaId: string): Promise<void>;
}
export const MEDIA_BRANDING = Symbol('MEDIA_BRANDING');
