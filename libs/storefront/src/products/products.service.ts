import { Injectable } from '@nestjs/common';
import { Caller, isUuid, keysetPage } from '@app/core';
import { EventsWriter } from '@app/events';
import { StoresService } from '@app/stores';
import type { EntityManager } from 'typeorm';
import { parseAmount } from '../money/money';
import { encodeCursor, LIST_CURSORS } from '../pagination/cursor';
import { After, Connection, toConnection } from '../pagination/page';
import { StorefrontErrors } from '../storefront.errors';
import { MAX_QUERY_LENGTH, Product, ProductInput, ProductPatch } from './product';
import { toProduct } from './product.mapper';
import { ProductRow, ProductWrite, STORED_AS_GIVEN } from './product.row';
import { HandleTakenError, ProductsRepository } from './products.repository';
import { VariantsService } from '../variants/variants.service';
import { MAX_VARIANTS_PER_CALL } from '../variants/variant';
import { amountIn, checkOptions, refuse } from '../variants/variant-rules';

/** `query` matches anywhere in title or handle, case-insensitively; its own % _ \ match literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The catalogue: the one service both doors call (GraphQL for apps and public tokens, REST for the store's
 * owner). The door has decided who may do what on which store; every method takes that store and filters
 * by it inside the SQL, so another store's product is indistinguishable from one that does not exist.
 * Every write and its event (`product.created` / `updated` / `deleted`, the caller as actor) commit in one
 * transaction: a refused write (a taken handle, a missing product) leaves no event. Refusals are coded
 * errors (storefront.errors.ts) that each transport renders its own way.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly events: EventsWriter,
    private readonly stores: StoresService,
    private readonly variants: VariantsService,
  ) {}

  /** The catalogue oldest first, `first` products after the cursor's (GraphQL `products`, `Store.products`). */
  async connection(
    storeId: string,
    args: { first: number; after: After; query?: string | null },
  ): Promise<Connection<Product>> {
    const rows = await this.products.page(storeId, {
      newest: false,
      after: args.after,
      pattern: this.pattern(args.query),
      limit: args.first + 1,
    });
    return toConnection(LIST_CURSORS.products.oldest, rows, args.first, toProduct);
  }

  /** The catalogue newest first, `limit` products after the cursor's (the REST list). */
  async newest(
    storeId: string,
    args: { limit: number; after: After; query?: string | null },
  ): Promise<{ data: Product[]; nextCursor: string | null }> {
    const rows = await this.products.page(storeId, {
      newest: true,
      after: args.after,
      pattern: this.pattern(args.query),
      limit: args.limit + 1,
    });
    return keysetPage(rows, args.limit, toProduct, (key) => encodeCursor(LIST_CURSORS.products.newest, key));
  }

  /** One live product of the store, or null (a malformed id, another store's or a deleted one included). */
  async byId(storeId: string, id: string): Promise<Product | null> {
    if (!isUuid(id)) return null;
    const row = await this.products.byId(storeId, id);
    return row ? toProduct(row) : null;
  }

  async byHandle(storeId: string, handle: string): Promise<Product | null> {
    const row = await this.products.byHandle(storeId, handle);
    return row ? toProduct(row) : null;
  }

  /** As byId, refusing with `product_not_found` instead of null. */
  async get(storeId: string, id: string): Promise<Product> {
    const product = await this.byId(storeId, id);
    if (!product) throw StorefrontErrors.productNotFound();
    return product;
  }

  /**
   * For the request's DataLoader: live products of one store by id. (v1.4) A deleted product is absent, so
   * `OrderLine.product` answers null for it, as `OrderLine.variant` does.
   */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, Product>> {
    const rows = await this.products.byIds(
      storeId,
      ids.filter((id) => isUuid(id)),
    );
    return new Map(rows.map((row) => [row.id, toProduct(row)]));
  }

  /** Priced in `input.currencyCode`, or (v1.4) when it is left out in the store's currency. */
  async create(caller: Caller, storeId: string, input: ProductInput): Promise<Product> {
    const currencyCode = input.currencyCode ?? (await this.storeCurrency(storeId));
    const variants = input.variants ?? [];
    // (v1.4) The options' own rules first (they need nothing stored), then what each case requires.
    const options = checkOptions(input.options ?? []);
    if (variants.length > MAX_VARIANTS_PER_CALL) {
      throw refuse('too_many_variants', `At most ${MAX_VARIANTS_PER_CALL} variants per call.`, 'variants');
    }
    if (options.length > 0 && variants.length === 0) {
      throw refuse('missing_option_value', 'A product with options needs its variants.', 'variants');
    }
    if (variants.length === 0 && (input.price === undefined || input.inventory === undefined)) {
      throw StorefrontErrors.badInput('price and inventory are required without variants.', [
        ...(input.price === undefined
          ? [{ field: 'price', message: 'price is required without variants' }]
          : []),
        ...(input.inventory === undefined
          ? [{ field: 'inventory', message: 'inventory is required without variants' }]
          : []),
      ]);
    }
    // (v1.4) With variants, the product's own price and stock are theirs: the lowest price, the total.
    const priceMinor = variants.length
      ? variants.map((v) => amountIn(v.price, currencyCode, 'price')).reduce((a, b) => (a < b ? a : b))
      : this.price(input.price!, currencyCode);
    const inventory = variants.length
      ? Math.min(
          variants.reduce((sum, v) => sum + (Number.isInteger(v.inventory) ? v.inventory : 0), 0),
          2 ** 31 - 1,
        )
      : input.inventory;
    const write: ProductWrite = {
      ...this.storedAsGiven({ ...input, inventory, description: input.description ?? null }),
      price_minor: priceMinor.toString(),
      currency_code: currencyCode,
    };
    return this.handleChecked(
      this.products.transaction(async (tx) => {
        const row = await this.products.insert(tx, storeId, write);
        if (variants.length || options.length) {
          await this.variants.createFor(tx, storeId, row.id, currencyCode, options, variants);
        }
        return this.recorded(tx, caller, storeId, 'product.created', row);
      }),
    );
  }

  async update(caller: Caller, storeId: string, id: string, patch: ProductPatch): Promise<Product> {
    if (!isUuid(id)) throw StorefrontErrors.productNotFound();
    const changes = this.storedAsGiven(patch);
    if (
      (patch.price !== undefined || patch.inventory !== undefined) &&
      (await this.products.hasOptions(storeId, id))
    ) {
      // (v1.4) Several variants: each has its own price and stock (productVariantsUpdate).
      throw refuse('has_variants', 'The product has variants: set price and inventory per variant.', 'price');
    }
    if (patch.currencyCode !== undefined && patch.price === undefined) {
      // The stored minor units mean something else in another currency (USD cents vs whole yen).
      throw StorefrontErrors.badInput('Give price together with currencyCode.', [
        { field: 'price', message: 'price is required when currencyCode changes' },
      ]);
    }
    if (patch.price !== undefined) {
      let currency = patch.currencyCode;
      if (currency === undefined) {
        currency = await this.products.currencyOf(storeId, id);
        if (currency === undefined) throw StorefrontErrors.productNotFound();
      }
      changes.price_minor = this.price(patch.price, currency).toString();
      changes.currency_code = currency;
    }
    const product = await this.handleChecked(
      this.products.transaction(async (tx) => {
        const row = await this.products.update(tx, storeId, id, changes);
        return row ? this.recorded(tx, caller, storeId, 'product.updated', row) : undefined;
      }),
    );
    if (!product) throw StorefrontErrors.productNotFound();
    return product;
  }

  /** Marks the product deleted (order lines keep it); its handle becomes free. Answers its id. */
  async delete(caller: Caller, storeId: string, id: string): Promise<string> {
    if (!isUuid(id)) throw StorefrontErrors.productNotFound();
    const deleted = await this.products.transaction(async (tx) => {
      const gone = await this.products.softDelete(tx, storeId, id);
      if (gone) await this.events.emit(tx, { storeId, type: 'product.deleted', caller, data: { id } });
      return gone;
    });
    if (!deleted) throw StorefrontErrors.productNotFound();
    return deleted;
  }

  /**
   * The product a write answered, its event written in the write's transaction (with its images as they
   * are in that transaction: a new product has none).
   */
  async recorded(
    tx: EntityManager,
    caller: Caller,
    storeId: string,
    type: 'product.created' | 'product.updated',
    row: ProductRow,
  ): Promise<Product> {
    const product = toProduct(row);
    // (v1.4) With its images, options and variants, as the REST door shows it.
    const data = await this.variants.productJson(tx, storeId, product);
    await this.events.emit(tx, { storeId, type, caller, data });
    return product;
  }

  private async storeCurrency(storeId: string): Promise<string> {
    const store = await this.stores.publicProfile(storeId);
    if (!store) throw StorefrontErrors.storeGone();
    return store.currencyCode;
  }

  private pattern(query: string | null | undefined): string | null {
    const trimmed = query?.trim() ?? '';
    if (trimmed.length > MAX_QUERY_LENGTH) {
      throw StorefrontErrors.badInput(`query must be at most ${MAX_QUERY_LENGTH} characters.`);
    }
    return trimmed ? likePattern(trimmed) : null;
  }

  /** The fields of the input a write stores as given, under their columns (product.row.ts). */
  private storedAsGiven(input: ProductPatch): ProductWrite {
    const write: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(STORED_AS_GIVEN)) {
      const value = input[field as keyof typeof STORED_AS_GIVEN];
      if (value !== undefined) write[column] = value;
    }
    return write as ProductWrite;
  }

  private price(amount: string, currencyCode: string): bigint {
    const parsed = parseAmount(amount, currencyCode);
    if (!parsed.ok) {
      const field = parsed.message.startsWith('currencyCode') ? 'currencyCode' : 'price';
      throw StorefrontErrors.badInput(parsed.message, [{ field, message: parsed.message }], parsed.reason);
    }
    return parsed.minor;
  }

  /** A write that ran into the per-store handle uniqueness is `handle_taken`. */
  private async handleChecked<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (error instanceof HandleTakenError) throw StorefrontErrors.handleTaken();
      throw error;
    }
  }
}
