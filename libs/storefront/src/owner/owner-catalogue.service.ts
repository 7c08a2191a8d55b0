import { Injectable } from '@nestjs/common';
import { AccountCaller, DEFAULT_PAGE_LIMIT, DomainError } from '@app/core';
import { StoresService } from '@app/stores';
import { toProductView, ProductView } from '../catalogue/product.view';
import { ProductsService } from '../catalogue/products.service';
import { OrderView } from '../orders/order.view';
import { OrdersService } from '../orders/orders.service';
import { CursorKind, decodeCursor, encodeCursor } from '../pagination/cursor';
import type { CreateProductDto, UpdateProductDto } from './dto/owner-product.dto';
import { OwnerCatalogueErrors } from './owner.errors';

export interface OwnerPage<T> {
  data: T[];
  nextCursor: string | null;
}

/**
 * The catalogue and orders for the store's owner (REST, the console). The rules are the storefront's own:
 * every read and write goes through ProductsService / OrdersService — the same validation, the same SQL
 * scoped by store, the same events in the same transaction, here with the account as the actor. What
 * differs is the door: the owner check first (another account's store is `store_not_found`), lists newest
 * first, and the storefront's refusals named as this API names them (not_found → product_not_found,
 * validation_failed always with its field list, a taken handle → 409 handle_taken).
 */
@Injectable()
export class OwnerCatalogueService {
  constructor(
    private readonly stores: StoresService,
    private readonly products: ProductsService,
    private readonly orders: OrdersService,
  ) {}

  async listProducts(
    caller: AccountCaller,
    storeId: string,
    query: { query?: string; limit?: number; after?: string },
  ): Promise<OwnerPage<ProductView>> {
    const before = this.cursor('np', query.after);
    await this.stores.assertOwned(caller, storeId);
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const { products, rows } = await this.products.listNewest(storeId, {
      limit,
      before,
      query: query.query?.trim() ?? '',
    });
    return { data: products.map(toProductView), nextCursor: this.next('np', rows, limit) };
  }

  async getProduct(caller: AccountCaller, storeId: string, productId: string): Promise<ProductView> {
    await this.stores.assertOwned(caller, storeId);
    const product = await this.products.findIn(storeId, productId);
    if (!product) throw OwnerCatalogueErrors.productNotFound();
    return toProductView(product);
  }

  async createProduct(caller: AccountCaller, storeId: string, body: CreateProductDto): Promise<ProductView> {
    await this.stores.assertOwned(caller, storeId);
    return this.rest(async () => toProductView(await this.products.createAs(storeId, caller, body)));
  }

  async updateProduct(
    caller: AccountCaller,
    storeId: string,
    productId: string,
    body: UpdateProductDto,
  ): Promise<ProductView> {
    await this.stores.assertOwned(caller, storeId);
    return this.rest(async () =>
      toProductView(await this.products.updateAs(storeId, caller, productId, body)),
    );
  }

  async deleteProduct(caller: AccountCaller, storeId: string, productId: string): Promise<void> {
    await this.stores.assertOwned(caller, storeId);
    await this.rest(() => this.products.deleteAs(storeId, caller, productId));
  }

  async listOrders(
    caller: AccountCaller,
    storeId: string,
    query: { limit?: number; after?: string },
  ): Promise<OwnerPage<OrderView>> {
    const before = this.cursor('no', query.after);
    await this.stores.assertOwned(caller, storeId);
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const { orders, rows } = await this.orders.listNewest(storeId, { limit, before });
    return { data: orders, nextCursor: this.next('no', rows, limit) };
  }

  async getOrder(caller: AccountCaller, storeId: string, orderId: string): Promise<OrderView> {
    await this.stores.assertOwned(caller, storeId);
    const order = await this.orders.findIn(storeId, orderId);
    if (!order) throw OwnerCatalogueErrors.orderNotFound();
    return order;
  }

  private cursor(kind: CursorKind, after: string | undefined) {
    if (after === undefined) return null;
    const key = decodeCursor(kind, after);
    if (!key) {
      throw OwnerCatalogueErrors.validation('after is not a cursor of this list.', [
        { field: 'after', message: 'after must be a nextCursor of this list' },
      ]);
    }
    return key;
  }

  /** The rows came one more than the page: the extra one only says there is a next page. */
  private next(kind: CursorKind, rows: { id: string; cursor_ts: string }[], limit: number): string | null {
    if (rows.length <= limit) return null;
    const last = rows[limit - 1];
    return encodeCursor(kind, { createdAt: last.cursor_ts, id: last.id });
  }

  /** Runs a storefront write and names its refusals in this API's codes. */
  private async rest<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (this.products.isHandleTaken(error)) throw OwnerCatalogueErrors.handleTaken();
      if (error instanceof DomainError) {
        if (error.code === 'not_found') throw OwnerCatalogueErrors.productNotFound();
        if (error.code === 'validation_failed') {
          throw OwnerCatalogueErrors.validation(
            error.options.detail ?? 'The request failed validation.',
            error.options.errors,
          );
        }
      }
      throw error;
    }
  }
}
