import { Injectable } from '@nestjs/common';
import { Caller, isUuid, keysetPage } from '@app/core';
import { EventsWriter, SYSTEM_ACTOR } from '@app/events';
import type { EntityManager } from 'typeorm';
import { money, Money } from '../money/money';
import { encodeCursor, LIST_CURSORS } from '../pagination/cursor';
import { After, Connection, toConnection } from '../pagination/page';
import { StorefrontErrors } from '../storefront.errors';
import {
  MAX_CANCEL_REASON,
  MAX_LINE_QUANTITY,
  Order,
  OrderInput,
  OrderLine,
  OrderSource,
  OrderWithLines,
  PaymentStatus,
} from './order';
import { toOrder, toOrderDto, toOrderLine } from './order.mapper';
import { OrdersRepository } from './orders.repository';
import { mergeVariantLines, soldTitle, VariantLine } from '../variants/variant-lines';
import { VariantsService } from '../variants/variants.service';

/** Lines naming the same product are merged (quantities added), in the order each product first appears. */
export function mergeLines(
  lines: readonly { productId: string; quantity: number }[],
): { productId: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Orders: the one service both doors call (apps place, read, fulfil and cancel them through GraphQL; the
 * store's members read, fulfil and cancel them over REST; a cart's checkout places one through placeIn).
 * Every read and write is scoped by the store the door has already allowed.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly events: EventsWriter,
    private readonly variants: VariantsService,
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

  /**
   * One order of the store with its lines; `order_not_found` when byId would be null. In `tx` when given
   * (a checkout answering the order of a completed cart reads it under the cart's lock).
   */
  async get(storeId: string, id: string, tx?: EntityManager): Promise<OrderWithLines> {
    if (!isUuid(id)) throw StorefrontErrors.orderNotFound();
    const row = await this.orders.byId(storeId, id, tx);
    if (!row) throw StorefrontErrors.orderNotFound();
    const [withLines] = await this.withLines(storeId, [toOrder(row)], tx);
    return withLines;
  }

  /** For the request's DataLoader: the lines of many orders in one query (the orders are the caller's). */
  async linesOf(
    storeId: string,
    orderIds: readonly string[],
    tx?: EntityManager,
  ): Promise<Map<string, OrderLine[]>> {
    const rows = await this.orders.lines(storeId, orderIds, tx);
    const byOrder = new Map<string, OrderLine[]>();
    for (const row of rows) {
      const lines = byOrder.get(row.order_id) ?? [];
      lines.push(toOrderLine(row));
      byOrder.set(row.order_id, lines);
    }
    return byOrder;
  }

  /**
   * `orderCreate`: an app places an order (source `app`). (v1.4) Each line names a variant, or a product
   * with only its default variant (VariantsService.resolveLines); lines naming the same variant are
   * merged; the rules of the placing itself are placeIn's.
   */
  async create(caller: Caller, storeId: string, input: OrderInput): Promise<OrderWithLines> {
    const customerEmail = input.customerEmail.trim();
    // (v1.4) An app records what it has been paid for: paid unless it says pending.
    const paymentStatus = input.paymentStatus ?? 'paid';
    return this.orders.transaction(async (tx) => {
      const lines = await this.variants.resolveLines(tx, storeId, input.lines);
      for (const line of lines) {
        if (line.quantity > MAX_LINE_QUANTITY) {
          throw StorefrontErrors.badInput(`At most ${MAX_LINE_QUANTITY} units of one product per order.`);
        }
      }
      return this.placeIn(tx, caller, storeId, { customerEmail, lines, paymentStatus }, { source: 'app' });
    });
  }

  /**
   * Places an order inside the caller's transaction (`orderCreate`'s own, or a checkout's, which holds its
   * cart's row lock): every line is priced from the catalogue and its stock taken by ONE conditional
   * UPDATE per variant (… SET inventory = inventory - q WHERE … AND inventory >= q), never a read then a
   * write, so concurrent orders never oversell — a second buyer's UPDATE waits for the first one's row
   * lock, then re-checks the stock it left. Lines are merged per variant first, so two lines (or two
   * carts' lines, each in its own transaction) over one variant are checked against the stock together,
   * never each against the same count. The lines' products are locked first, in id order, then their
   * variants in id order: every writer of a product and its variants takes them in that order (a variant's
   * stock updates its product's total by trigger), so two orders cannot deadlock (a cancel restores stock
   * in that order too). Any line that cannot be served makes it throw OUT_OF_STOCK naming every such
   * product and variant, after the others were tried; the caller's rollback undoes every earlier
   * decrement: the order happens whole or not at all — and so does its `order.created` event, written in
   * the same transaction. Each line keeps its title, SKU and unit price as sold.
   *
   * `checkTotal` sees the total charged, under the stock's row locks and before anything is written; what
   * it throws (a checkout's PRICE_CHANGED) rolls everything back the same way.
   */
  async placeIn(
    tx: EntityManager,
    caller: Caller,
    storeId: string,
    input: { customerEmail: string; lines: VariantLine[]; paymentStatus?: PaymentStatus },
    options: { source: OrderSource; checkTotal?: (total: Money) => void },
  ): Promise<OrderWithLines> {
    const lines = mergeVariantLines(input.lines);
    await this.orders.lockProducts(tx, storeId, [...new Set(lines.map((l) => l.productId))].sort());
    const sold = new Map<string, { minor: bigint; currency: string; title: string; sku: string | null }>();
    const short: VariantLine[] = [];
    for (const line of [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : 1))) {
      const taken = await this.orders.takeVariantStock(tx, storeId, line.variantId, line.quantity);
      if (taken) {
        sold.set(line.variantId, {
          minor: BigInt(taken.price_minor),
          currency: taken.currency_code,
          title: soldTitle(taken.product_title, taken.selected_options),
          sku: taken.sku,
        });
        continue;
      }
      // An app names variants itself: one it got wrong is NOT_FOUND. A cart's variant deleted since it
      // was added is a line that cannot be served, like one short of stock.
      if (options.source === 'app' && !(await this.orders.variantExists(tx, storeId, line.variantId))) {
        throw StorefrontErrors.variantNotFound(`No variant ${line.variantId} in this store.`);
      }
      short.push(line);
    }
    if (short.length > 0) {
      throw StorefrontErrors.outOfStock(
        [...new Set(short.map((l) => l.productId))],
        short.map((l) => l.variantId),
      );
    }
    const currencies = new Set([...sold.values()].map((p) => p.currency));
    if (currencies.size > 1) throw StorefrontErrors.currencyMismatch();
    const [currency] = currencies;
    const totalMinor = lines.reduce((sum, l) => sum + sold.get(l.variantId)!.minor * BigInt(l.quantity), 0n);
    options.checkTotal?.(money(totalMinor, currency));
    // (v1.4) A checkout's order holds its stock unpaid until marked paid or its hold runs out.
    const paymentStatus: PaymentStatus =
      input.paymentStatus ?? (options.source === 'checkout' ? 'pending' : 'paid');
    const placed = lines.map((l) => {
      const s = sold.get(l.variantId)!;
      return { ...l, title: s.title, sku: s.sku, unitPriceMinor: s.minor.toString() };
    });
    const row = await this.orders.insert(tx, storeId, {
      customerEmail: input.customerEmail,
      source: options.source,
      paymentStatus,
      totalMinor: totalMinor.toString(),
      currencyCode: currency,
      lines: placed,
    });
    const order: OrderWithLines = {
      ...toOrder(row),
      lines: placed.map((l) =>
        toOrderLine({
          product_id: l.productId,
          variant_id: l.variantId,
          title: l.title,
          sku: l.sku,
          quantity: l.quantity,
          unit_price_minor: l.unitPriceMinor,
          currency_code: currency,
        }),
      ),
    };
    await this.events.emit(tx, { storeId, type: 'order.created', caller, data: toOrderDto(order) });
    return order;
  }

  /**
   * (v1.4) `pending` → `paid`, with `paidAt` (event `order.paid`). Again on a paid order: the order as it
   * is, no second event. A cancelled order (its hold ran out, or a member cancelled it): 409
   * `order_status_conflict`. A fulfilled order may still be marked paid: fulfilling does not need payment.
   */
  markPaid(caller: Caller, storeId: string, id: string): Promise<OrderWithLines> {
    if (!isUuid(id)) return Promise.reject(StorefrontErrors.orderNotFound());
    return this.orders.transaction(async (tx) => {
      const row = await this.orders.markPaid(tx, storeId, id);
      if (!row) {
        const current = await this.orders.byId(storeId, id, tx);
        if (!current) throw StorefrontErrors.orderNotFound();
        if (current.status === 'cancelled')
          throw StorefrontErrors.orderStatusConflict(current.status, 'paid');
        return this.get(storeId, id, tx);
      }
      const lines = (await this.orders.lines(storeId, [id], tx)).map(toOrderLine);
      const order: OrderWithLines = { ...toOrder(row), lines };
      await this.events.emit(tx, { storeId, type: 'order.paid', caller, data: toOrderDto(order) });
      return order;
    });
  }

  /**
   * (v1.4) One round of the stock holds' expiry: every pending, still open order older than `ttlSeconds`
   * is cancelled (`payment_timeout`), its stock put back and `order.cancelled` written with the system
   * as actor — each order in a transaction of its own (its products locked in id order, as any cancel
   * locks them, so it cannot deadlock with a checkout). Exactly once across instances: each cancel is
   * the conditional UPDATE of expireHold, which only one of several concurrent rounds can win. Answers
   * how many orders this round cancelled.
   */
  async expireHolds(ttlSeconds: number, batch = 100): Promise<number> {
    let cancelled = 0;
    for (;;) {
      const due = await this.orders.expiredHolds(ttlSeconds, batch);
      let won = 0;
      for (const { id, store_id: storeId } of due) {
        const done = await this.orders.transaction(async (tx) => {
          const row = await this.orders.expireHold(tx, id, ttlSeconds);
          if (!row) return false;
          await this.orders.restoreStock(tx, id);
          const lines = (await this.orders.lines(storeId, [id], tx)).map(toOrderLine);
          const order: OrderWithLines = { ...toOrder(row), lines };
          await this.events.emit(tx, {
            storeId,
            type: 'order.cancelled',
            caller: SYSTEM_ACTOR,
            data: toOrderDto(order),
          });
          return true;
        });
        if (done) won++;
      }
      cancelled += won;
      // A short page is the end; a full page another instance took entirely is its work, not ours.
      if (due.length < batch || won === 0) return cancelled;
    }
  }

  /** `open` → `fulfilled` (event `order.fulfilled`); from any other status 409 `order_status_conflict`. */
  fulfil(caller: Caller, storeId: string, id: string): Promise<OrderWithLines> {
    return this.move(caller, storeId, id, 'fulfilled', null);
  }

  /**
   * `open` → `cancelled` (event `order.cancelled`), every line's stock put back in the same transaction;
   * from any other status 409 `order_status_conflict`. A blank reason is no reason.
   */
  async cancel(caller: Caller, storeId: string, id: string, reason?: string | null): Promise<OrderWithLines> {
    const kept = reason?.trim() || null;
    if (kept !== null && kept.length > MAX_CANCEL_REASON) {
      throw StorefrontErrors.badInput(`A cancel reason has at most ${MAX_CANCEL_REASON} characters.`, [
        { field: 'reason', message: `reason must be at most ${MAX_CANCEL_REASON} characters` },
      ]);
    }
    return this.move(caller, storeId, id, 'cancelled', kept);
  }

  /**
   * One move of the lifecycle, its stock and its event in one transaction. The move is a conditional
   * UPDATE on `status = 'open'` (OrdersRepository.moveFromOpen): of a concurrent fulfil and cancel exactly
   * one wins, and the loser sees the winner's status — so stock is put back at most once, and only for an
   * order that was not shipped.
   */
  private move(
    caller: Caller,
    storeId: string,
    id: string,
    to: 'fulfilled' | 'cancelled',
    reason: string | null,
  ): Promise<OrderWithLines> {
    if (!isUuid(id)) return Promise.reject(StorefrontErrors.orderNotFound());
    return this.orders.transaction(async (tx) => {
      const row = await this.orders.moveFromOpen(tx, storeId, id, to, reason);
      if (!row) {
        const current = await this.orders.byId(storeId, id, tx);
        if (!current) throw StorefrontErrors.orderNotFound();
        throw StorefrontErrors.orderStatusConflict(current.status, to);
      }
      if (to === 'cancelled') await this.orders.restoreStock(tx, id);
      const lines = (await this.orders.lines(storeId, [id], tx)).map(toOrderLine);
      const order: OrderWithLines = { ...toOrder(row), lines };
      await this.events.emit(tx, {
        storeId,
        type: to === 'fulfilled' ? 'order.fulfilled' : 'order.cancelled',
        caller,
        data: toOrderDto(order),
      });
      return order;
    });
  }

  private async withLines(storeId: string, orders: Order[], tx?: EntityManager): Promise<OrderWithLines[]> {
    const lines = orders.length
      ? await this.linesOf(
          storeId,
          orders.map((o) => o.id),
          tx,
        )
      : new Map<string, OrderLine[]>();
    return orders.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] }));
  }
}
