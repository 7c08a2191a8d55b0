import { Injectable } from '@nestjs/common';
import { isUuid, requireScope, ScopedCaller } from '@app/core';
import { EventsWriter } from '@app/events';
import { MAX_LINE_QUANTITY, OrderCreateInput } from '../inputs/order.input';
import { MoneyModel } from '../models/money.model';
import { OrderLineModel, OrderModel } from '../models/order.model';
import { afterKey, Page, pageSize, toPage } from '../pagination/page';
import { StorefrontErrors } from '../storefront.errors';
import { OrderView, toOrderView } from './order.view';
import { LineRow, OrderRow, OrdersRepository } from './orders.repository';

function toOrderModel(row: OrderRow): OrderModel {
  const order = new OrderModel();
  order.id = row.id;
  order.status = row.status;
  order.customerEmail = row.customer_email;
  order.total = MoneyModel.of(row.total_minor, row.currency_code);
  order.createdAt = row.created_at;
  return order;
}

function toLineModel(row: Omit<LineRow, 'order_id' | 'position'>): OrderLineModel {
  const line = new OrderLineModel();
  line.productId = row.product_id;
  line.quantity = row.quantity;
  line.unitPrice = MoneyModel.of(row.unit_price_minor, row.currency_code);
  line.lineTotal = MoneyModel.of(BigInt(row.unit_price_minor) * BigInt(row.quantity), row.currency_code);
  return line;
}

/** Lines naming the same product are merged (quantities added), in the order each product first appears. */
export function mergeLines(
  lines: readonly { productId: string; quantity: number }[],
): { productId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly events: EventsWriter,
  ) {}

  async list(
    caller: ScopedCaller,
    args: { first?: number | null; after?: string | null },
  ): Promise<Page<OrderModel>> {
    requireScope(caller, 'orders:read');
    const size = pageSize(args.first);
    const key = afterKey('o', args.after);
    const rows = await this.orders.page(caller.storeId, {
      after: key ? { createdAt: key.createdAt, id: key.id } : null,
      limit: size + 1,
    });
    return toPage('o', rows, size, toOrderModel);
  }

  async find(caller: ScopedCaller, id: string): Promise<OrderModel | null> {
    requireScope(caller, 'orders:read');
    if (!isUuid(id)) return null;
    const row = await this.orders.byId(caller.storeId, id);
    return row ? toOrderModel(row) : null;
  }

  /**
   * The owner's list (REST): newest first, `limit` orders before the cursor key, each with its lines, as
   * the event's `data` shows an order. One row more than asked comes back in `rows` (is there a next page).
   */
  async listNewest(
    storeId: string,
    args: { limit: number; before: { createdAt: string; id: string } | null },
  ): Promise<{ orders: OrderView[]; rows: OrderRow[] }> {
    const rows = await this.orders.pageNewest(storeId, { before: args.before, limit: args.limit + 1 });
    const visible = rows.slice(0, args.limit).map(toOrderModel);
    const lines = visible.length
      ? await this.linesOf(
          storeId,
          visible.map((o) => o.id),
        )
      : new Map();
    return { orders: visible.map((o) => toOrderView(o, lines.get(o.id) ?? [])), rows };
  }

  /** One order of the store with its lines, or null (another store's included). */
  async findIn(storeId: string, id: string): Promise<OrderView | null> {
    if (!isUuid(id)) return null;
    const row = await this.orders.byId(storeId, id);
    if (!row) return null;
    const lines = await this.linesOf(storeId, [row.id]);
    return toOrderView(toOrderModel(row), lines.get(row.id) ?? []);
  }

  /** For the request's DataLoader: the lines of many orders in one query (the orders are the caller's). */
  async linesOf(storeId: string, orderIds: readonly string[]): Promise<Map<string, OrderLineModel[]>> {
    const rows = await this.orders.lines(storeId, orderIds);
    const byOrder = new Map<string, OrderLineModel[]>();
    for (const row of rows) {
      const lines = byOrder.get(row.order_id) ?? [];
      lines.push(toLineModel(row));
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
  async create(caller: ScopedCaller, input: OrderCreateInput): Promise<OrderModel> {
    requireScope(caller, 'orders:write');
    const lines = mergeLines(input.lines);
    for (const line of lines) {
      if (!isUuid(line.productId))
        throw StorefrontErrors.notFound(`No product ${line.productId} in this store.`);
      if (line.quantity > MAX_LINE_QUANTITY) {
        throw StorefrontErrors.badInput(`At most ${MAX_LINE_QUANTITY} units of one product per order.`);
      }
    }
    const email = input.customerEmail.trim();
    return this.orders.transaction(async (tx) => {
      const prices = new Map<string, { minor: bigint; currency: string }>();
      for (const line of [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
        const taken = await this.orders.takeStock(tx, caller.storeId, line.productId, line.quantity);
        if (!taken) {
          throw (await this.orders.productExists(tx, caller.storeId, line.productId))
            ? StorefrontErrors.outOfStock(line.productId)
            : StorefrontErrors.notFound(`No product ${line.productId} in this store.`);
        }
        prices.set(line.productId, { minor: BigInt(taken.price_minor), currency: taken.currency_code });
      }
      const currencies = new Set([...prices.values()].map((p) => p.currency));
      if (currencies.size > 1) {
        throw StorefrontErrors.badInput('All products of one order must be priced in the same currency.');
      }
      const [currency] = currencies;
      const total = lines.reduce((sum, l) => sum + prices.get(l.productId)!.minor * BigInt(l.quantity), 0n);
      const order = await this.orders.insert(tx, caller.storeId, {
        customerEmail: email,
        totalMinor: total.toString(),
        currencyCode: currency,
        lines: lines.map((l) => ({ ...l, unitPriceMinor: prices.get(l.productId)!.minor.toString() })),
      });
      const model = toOrderModel(order);
      model.knownLines = lines.map((l) =>
        toLineModel({
          product_id: l.productId,
          quantity: l.quantity,
          unit_price_minor: prices.get(l.productId)!.minor.toString(),
          currency_code: currency,
        }),
      );
      await this.events.emit(tx, {
        storeId: caller.storeId,
        type: 'order.created',
        caller,
        data: toOrderView(model, model.knownLines),
      });
      return model;
    });
  }
}
