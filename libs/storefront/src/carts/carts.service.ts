import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, Caller, isUuid } from '@app/core';
import { isEmail } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { AMOUNT_PATTERN } from '../money/money';
import type { OrderWithLines } from '../orders/order';
import { OrdersService } from '../orders/orders.service';
import type { VariantLine } from '../variants/variant-lines';
import { VariantsService } from '../variants/variants.service';
import { StorefrontErrors } from '../storefront.errors';
import { Cart, CartLineInput, MAX_CART_LINES, MAX_CART_QUANTITY } from './cart';
import { toCart } from './cart.mapper';
import type { CartLineRow, CartRow } from './cart.row';
import { CartsRepository } from './carts.repository';

const MAX_EMAIL_LENGTH = 254;

/**
 * Two decimal amounts are the same amount ("300" is "300.00" is "0300.0"): compared digit by digit after
 * dropping leading zeros of the whole part and trailing zeros of the fraction — never as binary floats.
 */
export function sameAmount(a: string, b: string): boolean {
  const norm = (value: string) => {
    const match = AMOUNT_PATTERN.exec(value)!;
    return `${match[1].replace(/^0+(?=\d)/, '')}.${(match[2] ?? '').replace(/0+$/, '')}`;
  };
  return norm(a) === norm(b);
}

/**
 * Carts and their checkout (contract §15): the one service behind the GraphQL door's cart fields. Every
 * change runs in one transaction under the cart's row lock (CartsRepository.lock), so concurrent changes
 * to one cart apply one after the other, the 100-line and 999-unit limits hold for their sum, and a
 * change racing a checkout either lands before it or finds the cart completed. Prices are never taken
 * from a client: a cart shows the catalogue's current prices, and checkout charges the prices it reads
 * under the stock's row locks.
 */
@Injectable()
export class CartsService {
  private readonly ttl: number;

  constructor(
    private readonly carts: CartsRepository,
    private readonly orders: OrdersService,
    private readonly variants: VariantsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttl = config.cartTtl;
  }

  /** A live cart of the store, or null (malformed, unknown, expired or another store's id). */
  async get(storeId: string, id: string): Promise<Cart | null> {
    if (!isUuid(id)) return null;
    const row = await this.carts.find(storeId, id, this.ttl);
    if (!row) return null;
    return toCart(row, await this.carts.lines(storeId, row.id), this.ttl);
  }

  async create(storeId: string, input: { lines?: CartLineInput[] | null; buyerEmail?: string | null }) {
    const email =
      input.buyerEmail === undefined || input.buyerEmail === null ? null : checkEmail(input.buyerEmail);
    const given = checkLines(input.lines ?? [], 1);
    return this.carts.transaction(async (tx) => {
      const lines = checkMerged(await this.variants.resolveLines(tx, storeId, given));
      await this.checkProducts(tx, storeId, [], lines);
      const row = await this.carts.insert(tx, storeId, email);
      await this.carts.setLines(tx, row.id, lines);
      return this.read(tx, storeId, row);
    });
  }

  /** Adds to each variant's line (a new line for a variant the cart does not have). */
  addLines(storeId: string, cartId: string, input: CartLineInput[]): Promise<Cart> {
    const given = checkLines(input, 1);
    return this.change(storeId, cartId, async (tx, current) => {
      const lines = await this.variants.resolveLines(tx, storeId, given);
      const had = new Map(current.map((l) => [l.variant_id, l.quantity]));
      const next = lines.map((l) => ({ ...l, quantity: (had.get(l.variantId) ?? 0) + l.quantity }));
      checkMerged(next);
      await this.checkProducts(tx, storeId, current, next);
      await this.carts.setLines(tx, cartId, next);
    });
  }

  /** Sets each variant's quantity; 0 removes its line (a variant the cart lacks gets a line). */
  updateLines(storeId: string, cartId: string, input: CartLineInput[]): Promise<Cart> {
    const given = checkLines(input, 0);
    return this.change(storeId, cartId, async (tx, current) => {
      const lines = checkMerged(await this.variants.resolveLines(tx, storeId, given));
      const kept = lines.filter((l) => l.quantity > 0);
      const gone = lines.filter((l) => l.quantity === 0).map((l) => l.variantId);
      await this.checkProducts(
        tx,
        storeId,
        current.filter((l) => !gone.includes(l.variant_id)),
        kept,
      );
      await this.carts.removeLines(tx, cartId, gone);
      await this.carts.setLines(tx, cartId, kept);
    });
  }

  /**
   * Removes the variants' lines and (a product id) every line of the products (ids the cart does not have
   * are ignored).
   */
  removeLines(
    storeId: string,
    cartId: string,
    productIds: string[],
    variantIds: string[] = [],
  ): Promise<Cart> {
    if (productIds.length > MAX_CART_LINES || variantIds.length > MAX_CART_LINES) {
      throw StorefrontErrors.badInput(`At most ${MAX_CART_LINES} product ids at a time.`);
    }
    return this.change(storeId, cartId, (tx) =>
      this.carts.removeLines(
        tx,
        cartId,
        [...new Set(variantIds.filter(isUuid))],
        [...new Set(productIds.filter(isUuid))],
      ),
    );
  }

  setBuyer(storeId: string, cartId: string, buyerEmail: string): Promise<Cart> {
    const email = checkEmail(buyerEmail);
    return this.change(storeId, cartId, async () => undefined, email);
  }

  /**
   * `checkoutComplete`: one transaction holding the cart's row lock. A completed cart answers the order
   * its checkout placed, taking nothing (so a retry — or a second tab — gets the same order). Otherwise
   * the order is placed from the cart's lines at the catalogue's prices by OrdersService.placeIn, which
   * takes every line's stock by conditional UPDATEs in product-id order; `expectedTotal`, when given, is
   * compared with the total it would charge (read under the stock's row locks) and a difference is
   * PRICE_CHANGED; any refusal rolls everything back, the stock and the cart included. The actor of
   * `order.created` is the caller (a public token, by its name).
   */
  checkout(
    caller: Caller,
    storeId: string,
    cartId: string,
    expectedTotal?: string | null,
  ): Promise<OrderWithLines> {
    if (!isUuid(cartId)) return Promise.reject(StorefrontErrors.cartNotFound());
    const expected = expectedTotal ?? null;
    if (expected !== null && !AMOUNT_PATTERN.test(expected)) {
      return Promise.reject(
        StorefrontErrors.badInput('expectedTotal must be a decimal amount such as "499.00".', [
          { field: 'expectedTotal', message: 'expectedTotal must be a non-negative decimal amount' },
        ]),
      );
    }
    return this.carts.transaction(async (tx) => {
      const cart = await this.carts.lock(tx, storeId, cartId, this.ttl);
      if (!cart) throw StorefrontErrors.cartNotFound();
      if (cart.status === 'completed' && cart.order_id) return this.orders.get(storeId, cart.order_id, tx);
      if (cart.status === 'completed') throw StorefrontErrors.cartCompleted();
      if (!cart.buyer_email) {
        throw StorefrontErrors.badInput('Checkout needs the buyer’s e-mail (cartBuyerUpdate).', [
          { field: 'buyerEmail', message: 'buyerEmail is required to check out' },
        ]);
      }
      // A line the previous release wrote is adopted first (as every change of the cart does), and the lines
      // read again; a cart with none — every cart this release made — skips that statement (issue 42).
      let lines = await this.carts.lines(storeId, cartId, tx);
      if (lines.some((l) => l.legacy)) {
        await this.carts.adoptLegacyLines(tx, cartId);
        lines = await this.carts.lines(storeId, cartId, tx);
      }
      if (lines.length === 0) {
        throw StorefrontErrors.badInput('Checkout needs at least one line.', [
          { field: 'lines', message: 'the cart has no lines' },
        ]);
      }
      const order = await this.orders.placeIn(
        tx,
        caller,
        storeId,
        {
          customerEmail: cart.buyer_email,
          lines: lines.map((l) => ({
            variantId: l.variant_id,
            productId: l.product_id,
            quantity: l.quantity,
          })),
        },
        {
          source: 'checkout',
          checkTotal: (total) => {
            if (expected !== null && !sameAmount(expected, total.amount))
              throw StorefrontErrors.priceChanged(total);
          },
        },
      );
      await this.carts.complete(tx, cartId, order.id);
      return order;
    });
  }

  /** One change of an open cart, under its row lock; the cart's TTL starts again. */
  private change(
    storeId: string,
    cartId: string,
    work: (tx: EntityManager, current: CartLineRow[]) => Promise<void>,
    buyerEmail?: string,
  ): Promise<Cart> {
    if (!isUuid(cartId)) return Promise.reject(StorefrontErrors.cartNotFound());
    return this.carts.transaction(async (tx) => {
      const cart = await this.carts.lock(tx, storeId, cartId, this.ttl);
      if (!cart) throw StorefrontErrors.cartNotFound();
      if (cart.status !== 'open') throw StorefrontErrors.cartCompleted();
      await this.carts.adoptLegacyLines(tx, cartId);
      await work(tx, await this.carts.lines(storeId, cartId, tx));
      return this.read(tx, storeId, await this.carts.touch(tx, cartId, buyerEmail));
    });
  }

  private async read(tx: EntityManager, storeId: string, row: CartRow): Promise<Cart> {
    const lines = await this.carts.lines(storeId, row.id, tx);
    if (lines.length > MAX_CART_LINES) {
      throw StorefrontErrors.badInput(`A cart has at most ${MAX_CART_LINES} lines.`, [
        { field: 'lines', message: `a cart has at most ${MAX_CART_LINES} lines` },
      ]);
    }
    return toCart(row, lines, this.ttl);
  }

  /**
   * The products given must be live products of the store (else NOT_FOUND), priced in the cart's
   * currency — its first remaining line's, or the first given product's for an empty cart (else
   * BAD_USER_INPUT, reason currency_mismatch).
   */
  private async checkProducts(
    tx: EntityManager,
    storeId: string,
    remaining: CartLineRow[],
    given: VariantLine[],
  ): Promise<void> {
    if (given.length === 0) return;
    const currencies = await this.carts.currencies(
      tx,
      storeId,
      given.map((l) => l.productId),
    );
    const missing = given.find((l) => !currencies.has(l.productId));
    if (missing) throw StorefrontErrors.productNotFound(`No product ${missing.productId} in this store.`);
    const cartCurrency = remaining[0]?.currency_code ?? currencies.get(given[0].productId);
    const other = given.find((l) => currencies.get(l.productId) !== cartCurrency);
    if (other) {
      throw StorefrontErrors.currencyMismatch(
        `Product ${other.productId} is priced in ${currencies.get(other.productId)}; this cart is in ${cartCurrency}.`,
      );
    }
  }
}

/** Trimmed; a valid address of at most 254 characters, else BAD_USER_INPUT naming buyerEmail. */
function checkEmail(value: string): string {
  const email = value.trim();
  if (email.length > MAX_EMAIL_LENGTH || !isEmail(email)) {
    throw StorefrontErrors.badInput('buyerEmail must be an e-mail address.', [
      { field: 'buyerEmail', message: 'buyerEmail must be an e-mail address' },
    ]);
  }
  return email;
}

/**
 * Lines as given, checked: a quantity outside `min`–999 and more than 100 lines are BAD_USER_INPUT. Their
 * ids are checked as they are resolved to variants (VariantsService.resolveLines), and the merged lines
 * by checkMerged.
 */
function checkLines(lines: CartLineInput[], min: 0 | 1): CartLineInput[] {
  if (lines.length > MAX_CART_LINES) {
    throw StorefrontErrors.badInput(`At most ${MAX_CART_LINES} lines at a time.`, [
      { field: 'lines', message: `at most ${MAX_CART_LINES} lines` },
    ]);
  }
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < min || line.quantity > MAX_CART_QUANTITY) {
      throw StorefrontErrors.badInput(`A quantity is ${min}–${MAX_CART_QUANTITY}.`, [
        { field: 'quantity', message: `quantity must be ${min}–${MAX_CART_QUANTITY}` },
      ]);
    }
  }
  return lines;
}

/** A line (merged per variant) has at most 999 units. */
function checkMerged(lines: VariantLine[]): VariantLine[] {
  const over = lines.find((l) => l.quantity > MAX_CART_QUANTITY);
  if (over) {
    throw StorefrontErrors.badInput(
      `Product ${over.productId} would have ${over.quantity} units in the cart; a line has at most ${MAX_CART_QUANTITY}.`,
      [{ field: 'quantity', message: `a line's quantity must be at most ${MAX_CART_QUANTITY}` }],
    );
  }
  return lines;
}
