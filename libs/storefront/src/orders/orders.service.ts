import { Injectable } from '@nestjs/common';
import { Caller, isUuid, keysetPage } from '@app/core';
import { EventsWriter } from '@app/events';
import { encodeCursor, LIST_CURSORS } from '../pagination/cursor';
import { After, Connection, toConnection } from '../pagination/page';
import { StorefrontErrors } from '../storefront.errors';
import { MAX_LINE_QUANTITY, Order, OrderInput, OrderLine, OrderWithLines } from './order';
import { toOrder, toOrderDto, toOrderLine } from './order.mapper';
import { OrdersRepository } from './orders.repository';

/** Lines naming the same product are merged (quantities added), in the order each product first appears. */
export function mergeLines(
  lines: readonly { productId: string; quantity: number }[],
): { productId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Orders: the one service both doors call (apps place and read them through GraphQL, the store's owner
 * reads them over REST). Every read and write is scoped by the store the door has already allowed.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly events: EventsWriter,
  ) {}

  /** Orders oldest first, `first` orders after the cursor's (GraphQL `orders`); lines load on demand. */
  async connection(storeId: string, args: { first: number; after: After }): Promise<Connection<Order>> {
    const rows = await this.orders.page(storeId, { newest: false, after: args.after, limit: args.first + 1 });
    return toConnection(LIST_CURSORS.orders.oldest, rows, args.first, toOrder);
  }

  /** Orders newest first with their lines, `limit` orders after the cursor's (the REST list). */
  async newest(
    storeId: string,
    args: { limit: number; after: After },
  ): Promise<{ data: OrderWithLines[]; nextCursor: string | null }> {
    const rows = await this.orders.page(storeId, { newest: true, after: args.after, limit: args.limit + 1 });
    const page = keysetPage(rows, args.limit, toOrder, (key) =>
      encodeCursor(LIST_CURSORS.orders.newest, key),
    );
    return { data: await this.withLines(storeId, page.data), nextCursor: page.nextCursor };
  }

  /** One order of the store without its lines, or null (a malformed id, another store's included). */
  async byId(storeId: string, id: string): Promise<Order | null> {
    if (!isUuid(id)) return null;
    const row = await this.orders.byId(storeId, id);
    return row ? toOrder(row) : null;
  }

  /** One order of the store with its lines; `order_not_found` when byId would be null. */
  async get(storeId: string, id: string): Promise<OrderWithLines> {
    const order = await this.byId(storeId, id);
    if (!order) throw StorefrontErrors.orderNotFound();
    const [withLines] = await this.withLines(storeId, [order]);
    return withLines;
  }

  /** For the request's DataLoader: the lines of many orders in one query (the orders are the caller's). */
  async linesOf(storeId: string, orderIds: readonly string[]): Promise<Map<string, OrderLine[]>> {
    const rows = await this.orders.lines(storeId, orderIds);
    const byOrder = new Map<string, OrderLine[]>();
    for (const row of rows) {
      const lines = byOrder.get(row.order_id) ?? [];
      lines.push(toOrderLine(row));
      byOrder.set(row.order_id, lines);
    }
    return byOrder;
  }

  /**
   * Places an order: every line is priced from the catalogue and its stock taken by a conditional
   * UPDATE (… AND inventory >= quantity) inside ONE transaction, so concurrent orders never oversell —
   * a second buyer's UPDATE waits for the first one's row lock, then re-checks the stock it left. Rows
   * are updated in product-id order so two orders over the same products always lock them in the same
   * order and cannot deadlock. Any line that cannot be served throws, and the rollback undoes every
   * earlier decrement: the order happens whole or not at all — and so does its `order.created` event,
   * written in the same transaction (an OUT_OF_STOCK order leaves none).
   */
  async create(caller: Caller, storeId: string, input: OrderInput): Promise<OrderWithLines> {
    const lines = mergeLines(input.lines);
    for (const line of lines) {
      if (!isUuid(line.productId))
        throw StorefrontErrors.productNotFound(`No product ${line.productId} in this store.`);
      if (line.quantity > MAX_LINE_QUANTITY) {
        throw StorefrontErrors.badInput(`At most ${MAX_LINE_QUANTITY} units of one product per order.`);
      }
    }
    const email = input.customerEmail.trim();
    return this.orders.transaction(async (tx) => {
      const prices = new Map<string, { minor: bigint; currency: string }>();
      for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
        const taken = await this.orders.takeStock(tx, storeId, line.productId, line.quantity);
        if (!taken) {
          throw (await this.orders.productExists(tx, storeId, line.productId))
            ? StorefrontErrors.outOfStock(line.productId)
            : StorefrontErrors.productNotFound(`No product ${line.productId} in this store.`);
        }
        prices.set(line.productId, { minor: BigInt(taken.price_minor), currency: taken.currency_code });
      }
      const currencies = new Set([...prices.values()].map((p) => p.currency));
      if (currencies.size > 1) {
        throw StorefrontErrors.badInput('All products of one order must be priced in the same currency.');
      }
      const [currency] = currencies;
      const unitPrice = (productId: string) => prices.get(productId)!.minor.toString();
      const row = await this.orders.insert(tx, storeId, {
        customerEmail: email,
        totalMinor: lines
          .reduce((sum, l) => sum + prices.get(l.productId)!.minor * BigInt(l.quantity), 0n)
          .toString(),
        currencyCode: currency,
        lines: lines.map((l) => ({ ...l, unitPriceMinor: unitPrice(l.productId) })),
      });
      const order: OrderWithLines = {
        ...toOrder(row),
        lines: lines.map((l) =>
          toOrderLine({
            product_id: l.productId,
            quantity: l.quantity,
            unit_price_minor: unitPrice(l.productId),
            currency_code: currency,
          }),
        ),
      };
      await this.events.emit(tx, { storeId, type: 'order.created', caller, data: toOrderDto(order) });
      return order;
    });
  }

  private async withLines(storeId: string, orders: Order[]): Promise<OrderWithLines[]> {
    const lines = orders.length
      ? await this.linesOf(
          storeId,
          orders.map((o) => o.id),
        )
      : new Map<string, OrderLine[]>();
    return orders.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] }));
  }
}
