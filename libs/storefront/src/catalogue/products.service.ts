import { Injectable } from '@nestjs/common';
import { isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
import { ProductCreateInput, ProductUpdateInput } from '../inputs/product.input';
import { ProductModel } from '../models/product.model';
import { parseAmount } from '../money/money';
import { afterKey, Page, pageSize, toPage } from '../pagination/page';
import { requireScope, StorefrontCaller } from '../scopes';
import { StorefrontErrors } from '../storefront.errors';
import { toProductModel } from './product.row';
import { toProductView } from './product.view';
import { ProductChanges, ProductsRepository } from './products.repository';

export const MAX_QUERY_LENGTH = 100;

/** `query` matches anywhere in title or handle, case-insensitively; its own % _ \ match literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const d = e.driverError ?? e;
  return d.code === '23505' && d.constraint === constraint;
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
    caller: StorefrontCaller,
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
    caller: StorefrontCaller,
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

  async create(caller: StorefrontCaller, input: ProductCreateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
    const price = this.price(input.price, input.currencyCode);
    try {
      return await this.products.transaction(async (tx) => {
        const product = toProductModel(
          await this.products.insert(tx, caller.storeId, {
            handle: input.handle,
            title: input.title,
            description: input.description ?? null,
            priceMinor: price.toString(),
            currencyCode: input.currencyCode,
            inventory: input.inventory,
          }),
        );
        await this.events.emit(tx, {
          storeId: caller.storeId,
          type: 'product.created',
          caller,
          data: toProductView(product),
        });
        return product;
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  async update(caller: StorefrontCaller, id: string, input: ProductUpdateInput): Promise<ProductModel> {
    requireScope(caller, 'products:write');
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
        currency = await this.products.currencyOf(caller.storeId, id);
        if (currency === undefined) throw this.notFound();
      }
      changes.price_minor = this.price(input.price, currency).toString();
      changes.currency_code = currency;
    }
    if (input.handle !== undefined) changes.handle = input.handle;
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description;
    if (input.inventory !== undefined) changes.inventory = input.inventory;
    try {
      const product = await this.products.transaction(async (tx) => {
        const row = await this.products.update(tx, caller.storeId, id, changes);
        if (!row) return undefined;
        const model = toProductModel(row);
        await this.events.emit(tx, {
          storeId: caller.storeId,
          type: 'product.updated',
          caller,
          data: toProductView(model),
        });
        return model;
      });
      if (!product) throw this.notFound();
      return product;
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Marks the product deleted (order lines keep it); its handle becomes free. */
  async delete(caller: StorefrontCaller, id: string): Promise<string> {
    requireScope(caller, 'products:write');
    if (!isUuid(id)) throw this.notFound();
    const deleted = await this.products.transaction(async (tx) => {
      const gone = await this.products.softDelete(tx, caller.storeId, id);
      if (gone)
        await this.events.emit(tx, {
          storeId: caller.storeId,
          type: 'product.deleted',
          caller,
          data: { id },
        });
      return gone;
    });
    if (!deleted) throw this.notFound();
    return deleted;
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
    if (isUniqueViolation(error, 'uq_products_store_handle')) {
      return StorefrontErrors.badInput('Another product of this store already has this handle.', [
        { field: 'handle', message: 'handle is already taken in this store' },
      ]);
    }
    return error;
  }
}
