import { Injectable } from '@nestjs/common';
import { Caller, isUuid, requireScope, ScopedCaller } from '@app/core';
import { EventsWriter } from '@app/events';
import { ProductCreateInput, ProductUpdateInput } from '../inputs/product.input';
import { ProductModel } from '../models/product.model';
import { parseAmount } from '../money/money';
import { afterKey, Page, pageSize, toPage } from '../pagination/page';
import { ProductRow } from './product.row';
import { StorefrontErrors } from '../storefront.errors';
import { toProductModel } from './product.row';
import { toProductView } from './product.view';
import { HandleTakenError, ProductChanges, ProductsRepository } from './products.repository';

export const MAX_QUERY_LENGTH = 100;

/** `query` matches anywhere in title or handle, case-insensitively; its own % _ \ match literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The catalogue. Every method takes the caller first and filters by the caller's store inside the SQL,
 * so another store's product is indistinguishable from one that does not exist. Every write and its
 * event (`product.created` / `updated` / `deleted`) commit in one transaction: a refused write (a taken
 * handle, a missing product) leaves no event.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly events: EventsWriter,
  ) {}

  async list(
    caller: ScopedCaller,
    args: { first?: number | null; after?: string | null; query?: string | null },
  ): Promise<Page<ProductModel>> {
    requireScope(caller, 'products:read');
    const size = pageSize(args.first);
    const key = afterKey('p', args.after);
    const query = args.query?.trim() ?? '';
    if (query.length > MAX_QUERY_LENGTH) {
      throw StorefrontErrors.badInput(`query must be at most ${MAX_QUERY_LENGTH} characters.`);
    }
    const rows = await this.products.page(caller.storeId, {
      after: key ? { createdAt: key.createdAt, id: key.id } : null,
      pattern: query ? likePattern(query) : null,
      limit: size + 1,
    });
    return toPage('p', rows, size, toProductModel);
  }

  /** `product(id | handle)`: exactly one of them; another store's (or a deleted) product is null. */
  async find(
    caller: ScopedCaller,
    args: { id?: string | null; handle?: string | null },
  ): Promise<ProductModel | null> {
    requireScope(caller, 'products:read');
    const hasId = args.id !== null && args.id !== undefined;
    const hasHandle = args.handle !== null && args.handle !== undefined;
    if (hasId === hasHandle) throw StorefrontErrors.badInput('Give exactly one of id and handle.');
    if (hasId && !isUuid(args.id)) return null;
    const row = hasId
      ? await this.products.byId(caller.storeId, args.id as string)
      : await this.products.byHandle(caller.storeId, args.handle as string);
    return row ? toProductModel(row) : null;
  }

  /**
   * For the request's DataLoader: products of one store by id, deleted ones included (an order line keeps
   * showing the product it was placed for).
   */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, ProductModel>> {
    const rows = await this.products.byIds(
      storeId,
      ids.filter((id) => isUuid(id)),
    );
    return new Map(rows.map((row) => [row.id, toProductModel(row)]));
  }

  async create(caller: ScopedCaller, input: ProductCreateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
    try {
      return await this.createAs(caller.storeId, caller, input);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * The write itself, for a caller already allowed to write this store's catalogue (an app with the scope,
   * or the store's owner over REST). A taken handle surfaces as the repository's HandleTakenError
   * (isHandleTaken) so each transport names it its own way.
   */
  async createAs(storeId: string, caller: Caller, input: ProductCreateInput): Promise<ProductModel> {
    const price = this.price(input.price, input.currencyCode);
    return this.products.transaction(async (tx) => {
      const product = toProductModel(
        await this.products.insert(tx, storeId, {
          handle: input.handle,
          title: input.title,
          description: input.description ?? null,
          priceMinor: price.toString(),
          currencyCode: input.currencyCode,
          inventory: input.inventory,
        }),
      );
      await this.events.emit(tx, {
        storeId,
        type: 'product.created',
        caller,
        data: toProductView(product),
      });
      return product;
    });
  }

  async update(caller: ScopedCaller, id: string, input: ProductUpdateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
    try {
      return await this.updateAs(caller.storeId, caller, id, input);
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** As createAs: the update of an allowed caller; a taken handle is the repository's HandleTakenError. */
  async updateAs(
    storeId: string,
    caller: Caller,
    id: string,
    input: ProductUpdateInput,
  ): Promise<ProductModel> {
    if (!isUuid(id)) throw this.notFound();
    const changes: ProductChanges = {};
    if (input.currencyCode !== undefined && input.price === undefined) {
      // The stored minor units mean something else in another currency (USD cents vs whole yen).
      throw StorefrontErrors.badInput('Give price together with currencyCode.', [
        { field: 'price', message: 'price is required when currencyCode changes' },
      ]);
    }
    if (input.price !== undefined) {
      let currency = input.currencyCode;
      if (currency === undefined) {
        currency = await this.products.currencyOf(storeId, id);
        if (currency === undefined) throw this.notFound();
      }
      changes.price_minor = this.price(input.price, currency).toString();
      changes.currency_code = currency;
    }
    if (input.handle !== undefined) changes.handle = input.handle;
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.inventory !== undefined) changes.inventory = input.inventory;
    const product = await this.products.transaction(async (tx) => {
      const row = await this.products.update(tx, storeId, id, changes);
      if (!row) return undefined;
      const model = toProductModel(row);
      await this.events.emit(tx, {
        storeId,
        type: 'product.updated',
        caller,
        data: toProductView(model),
      });
      return model;
    });
    if (!product) throw this.notFound();
    return product;
  }

  /** Marks the product deleted (order lines keep it); its handle becomes free. */
  async delete(caller: ScopedCaller, id: string): Promise<string> {
    requireScope(caller, 'products:write');
    return this.deleteAs(caller.storeId, caller, id);
  }

  async deleteAs(storeId: string, caller: Caller, id: string): Promise<string> {
    if (!isUuid(id)) throw this.notFound();
    const deleted = await this.products.transaction(async (tx) => {
      const gone = await this.products.softDelete(tx, storeId, id);
      if (gone)
        await this.events.emit(tx, {
          storeId,
          type: 'product.deleted',
          caller,
          data: { id },
        });
      return gone;
    });
    if (!deleted) throw this.notFound();
    return deleted;
  }

  /**
   * The owner's list (REST): newest first, `limit` rows after the cursor `before` (the last row's key of
   * the previous page), matching `query` like the storefront's search. The rows come one more than asked,
   * so the caller knows whether there is a next page.
   */
  async listNewest(
    storeId: string,
    args: { limit: number; before: { createdAt: string; id: string } | null; query: string },
  ): Promise<{ products: ProductModel[]; rows: ProductRow[] }> {
    const rows = await this.products.pageNewest(storeId, {
      before: args.before,
      pattern: args.query ? likePattern(args.query) : null,
      limit: args.limit + 1,
    });
    return { products: rows.slice(0, args.limit).map(toProductModel), rows };
  }

  /** One live product of the store by id, or null (another store's and deleted ones included). */
  async findIn(storeId: string, id: string): Promise<ProductModel | null> {
    if (!isUuid(id)) return null;
    const row = await this.products.byId(storeId, id);
    return row ? toProductModel(row) : null;
  }

  /** Whether a write failed on the per-store handle uniqueness (each transport names it its own way). */
  isHandleTaken(error: unknown): boolean {
    return error instanceof HandleTakenError;
  }

  private price(amount: string, currencyCode: string): bigint {
    const parsed = parseAmount(amount, currencyCode);
    if (!parsed.ok) {
      const field = parsed.message.startsWith('currencyCode') ? 'currencyCode' : 'price';
      throw StorefrontErrors.badInput(parsed.message, [{ field, message: parsed.message }]);
    }
    return parsed.minor;
  }

  private notFound() {
    return StorefrontErrors.notFound('No such product in this store.');
  }

  private translate(error: unknown): unknown {
    if (this.isHandleTaken(error)) {
      return StorefrontErrors.badInput('Another product of this store already has this handle.', [
        { field: 'handle', message: 'handle is already taken in this store' },
      ]);
    }
    return error;
  }
}
