import { Inject, Injectable } from '@nestjs/common';
import type { AccessibleStore, Caller } from '@app/core';
import type { EntityManager } from 'typeorm';
import { MediaErrors } from './media.errors';
import { MEDIA_BRANDING, MEDIA_CATALOGUE, type MediaBranding, type MediaCatalogue } from './media.ports';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { ProductImagesRepository } from './product-images.repository';

/**
 * Attempts that skip a row another transaction holds, before a last one that waits for it inside the
 * transaction (see `attempt`). A held row is almost always an image add of this very media, or another
 * write of a product using it, done within milliseconds.
 */
const SKIPPING_ATTEMPTS = 5;

/** What an attempt did: deleted the media, found none, or found a row held (and wrote nothing). */
type Outcome =
  | { kind: 'deleted' }
  | { kind: 'gone' }
  | { kind: 'busy'; held: { media: true } | { store: true } | { products: string[] } };

/**
 * A media's deletion (§17): gone at once for every reader — its URLs, and the products using it, each of
 * which is `product.updated` (without the image) in the deletion's transaction; a favicon or logo the
 * store shows is cleared, and the store is `store.updated`, in that transaction too. Its objects go in the
 * background (the trash). A service of its own, apart from MediaService, because the catalogue and the
 * stores it tells (MediaCatalogue, MediaBranding, implemented in libs/storefront and libs/stores) themselves
 * depend on MediaService for image URLs.
 */
@Injectable()
export class MediaDeletionService {
  constructor(
    private readonly media: MediaService,
    private readonly repository: MediaRepository,
    private readonly images: ProductImagesRepository,
    @Inject(MEDIA_CATALOGUE) private readonly catalogue: MediaCatalogue,
    @Inject(MEDIA_BRANDING) private readonly branding: MediaBranding,
  ) {}

  async delete(caller: Caller, store: AccessibleStore, mediaId: string): Promise<void> {
    // A product image is never branding, nor a favicon or logo a product's image (their purposes differ).
    const branding = (await this.media.deletable(store, mediaId)).purpose !== 'product_image';
    const { storeId } = store;
    for (let attempt = 1; ; attempt++) {
      const wait = attempt > SKIPPING_ATTEMPTS;
      const outcome = await this.repository.transaction((tx) =>
        this.attempt(tx, caller, storeId, mediaId, wait, branding),
      );
      if (outcome.kind === 'deleted') return;
      // A concurrent deletion won: 404, as for any media that is not there.
      if (outcome.kind === 'gone') throw MediaErrors.notFound();
      // Waits for the holders in a transaction of its own, which takes the lock and lets it go at once,
      // so that the next attempt starts after they committed.
      const held = outcome.held;
      await this.repository.transaction<unknown>((tx) =>
        'media' in held
          ? this.repository.lockForDeletion(tx, storeId, mediaId, true)
          : 'store' in held
            ? this.branding.lockStore(tx, storeId, true)
            : this.catalogue.lockProducts(tx, storeId, held.products, true),
      );
    }
  }

  /**
   * The lock order is the catalogue's: a product, then the media (an image add locks its product, then
   * holds the media FOR SHARE). So the products known to use the media are locked first, then the media —
   * which keeps out any later add — and then the products whose add committed in between. A favicon or a
   * logo (never a product's image) locks the store's row first instead: a `PUT` of the store naming the
   * media locks that row, then the media (its foreign key's check), so the same order cannot deadlock, and
   * a `PUT` that committed first is seen by the clearing.
   *
   * An attempt waits for no lock: a row another transaction holds ends it having written nothing, and it
   * starts again once that transaction is over. Two reasons. That transaction may be an add of this media
   * to a product, waiting for it (a deadlock). And a transaction's time is when it began (`now()`: the
   * events' `createdAt`, the products' `updatedAt`): had it waited, a write that began later and committed
   * first would carry a later time than the deletion that followed it. The last attempts wait; the
   * server's deadlock detection and the transaction's one retry settle what is left.
   */
  private async attempt(
    tx: EntityManager,
    caller: Caller,
    storeId: string,
    mediaId: string,
    wait: boolean,
    branding: boolean,
  ): Promise<Outcome> {
    if (branding && !(await this.branding.lockStore(tx, storeId, wait))) {
      // A lock waited for fails only when the store (and with it the media) is gone.
      return wait ? { kind: 'gone' } : { kind: 'busy', held: { store: true } };
    }
    const busy = (products: string[], locked: string[]): Outcome | null => {
      const held = products.filter((id) => !locked.includes(id));
      return held.length > 0 ? { kind: 'busy', held: { products: held } } : null;
    };
    const known = await this.images.productsUsing(tx, storeId, mediaId);
    const knownBusy = busy(known, await this.catalogue.lockProducts(tx, storeId, known, wait));
    if (knownBusy) return knownBusy;
    const media = await this.repository.lockForDeletion(tx, storeId, mediaId, wait);
    if (media === 'gone') return { kind: 'gone' };
    if (media === 'held') return { kind: 'busy', held: { media: true } };
    const since = (await this.images.productsUsing(tx, storeId, mediaId)).filter((id) => !known.includes(id));
    const sinceBusy = busy(since, await this.catalogue.lockProducts(tx, storeId, since, wait));
    if (sinceBusy) return sinceBusy;
    // Deleted here rather than by the cascade, to learn which products lost an image.
    const changed = await this.images.deleteOfMedia(tx, storeId, mediaId);
    // Before the row goes: its foreign keys' ON DELETE SET NULL would clear the ids and keep the URLs.
    if (branding) await this.branding.brandingRemoved(tx, caller, storeId, mediaId);
    await this.repository.delete(tx, storeId, mediaId);
    await this.catalogue.imagesRemoved(tx, caller, storeId, changed);
    return { kind: 'deleted' };
  }
}
