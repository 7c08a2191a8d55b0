import { Injectable } from '@nestjs/common';
import { Caller, isUuid } from '@app/core';
import { EventsWriter } from '@app/events';
import { ProductImagesService } from '@app/media';
import type { EntityManager } from 'typeorm';
import { money } from '../money/money';
import type { Connection } from '../pagination/page';
import type { Product } from '../products/product';
import { toProduct, toProductDto } from '../products/product.mapper';
import { ProductsRepository } from '../products/products.repository';
import { StorefrontErrors } from '../storefront.errors';
import {
  MAX_VARIANTS,
  MAX_VARIANTS_PER_CALL,
  PriceRange,
  ProductOption,
  ProductVariant,
  VariantInput,
  VariantPatch,
} from './variant';
import { toVariant, toVariantDto } from './variant.mapper';
import type { ProductDto } from '../products/product.dto';
import { LineTarget, mergeVariantLines, VariantLine } from './variant-lines';
import {
  amountIn,
  checkInventory,
  checkOptions,
  checkSku,
  comboKey,
  refuse,
  selectionOf,
} from './variant-rules';
import { OptionRow, VariantConstraintError, VariantsRepository } from './variants.repository';

/** A variants page's cursor: the last variant's position, opaque to clients. */
const CURSOR_PREFIX = 'pv:';
export function encodeVariantCursor(position: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${position}`).toString('base64url');
}
export function decodeVariantCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64url').toString();
  if (!text.startsWith(CURSOR_PREFIX)) return null;
  const position = Number(text.slice(CURSOR_PREFIX.length));
  return Number.isInteger(position) && position >= 0 ? position : null;
}

const toOptions = (rows: OptionRow[]): ProductOption[] =>
  rows.map((o) => ({ name: o.name, values: o.values.map((v) => v.value) }));

/**
 * Options and variants (contract §18): the one service behind both doors' variant writes and the reads
 * the GraphQL door batches per page. Every write locks the product row first (then its variants: the
 * order checkout takes them in too), checks the rules of variant-rules.ts against what is stored, writes,
 * and records `product.updated` in the same transaction. The product's own price and stock follow its
 * variants by trigger (lowest price, total stock; migration ProductOptionsAndVariants1795890000000).
 */
@Injectable()
export class VariantsService {
  constructor(
    private readonly variants: VariantsRepository,
    private readonly products: ProductsRepository,
    private readonly events: EventsWriter,
    private readonly images: ProductImagesService,
  ) {}

  /** (v1.4) The images of many products (the REST door's product objects): one query. */
  imagesOf(storeId: string, productIds: readonly string[]) {
    return this.images.of(storeId, productIds);
  }

  /** The options of many products (a page's DataLoader): one query. */
  async optionsOf(storeId: string, productIds: readonly string[]): Promise<Map<string, ProductOption[]>> {
    const rows = await this.variants.options(storeId, productIds);
    const byProduct = new Map<string, ProductOption[]>();
    for (const id of productIds) byProduct.set(id, []);
    for (const row of rows)
      byProduct.get(row.product_id)?.push({ name: row.name, values: row.values.map((v) => v.value) });
    return byProduct;
  }

  /** `first` variants of each product after the cursor's position: one query for all of them. */
  async pages(
    storeId: string,
    productIds: readonly string[],
    args: { first: number; after: string | null },
  ): Promise<Map<string, Connection<ProductVariant>>> {
    let afterPosition = -1;
    if (args.after !== null) {
      const decoded = decodeVariantCursor(args.after);
      if (decoded === null) throw StorefrontErrors.badInput('after is not a cursor of this list.');
      afterPosition = decoded;
    }
    const rows = await this.variants.page(storeId, productIds, afterPosition, args.first + 1);
    const byProduct = new Map<string, ProductVariant[]>();
    for (const row of rows) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push(toVariant(row));
      byProduct.set(row.product_id, list);
    }
    return new Map(
      productIds.map((id) => {
        const all = byProduct.get(id) ?? [];
        const edges = all
          .slice(0, args.first)
          .map((v) => ({ cursor: encodeVariantCursor(v.position), node: v }));
        return [
          id,
          {
            edges,
            pageInfo: {
              hasNextPage: all.length > args.first,
              endCursor: edges.length ? edges[edges.length - 1].cursor : null,
            },
          },
        ];
      }),
    );
  }

  /** Variants of live products by id (CartLine.variant, OrderLine.variant): a deleted one is missing. */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, ProductVariant>> {
    const rows = await this.variants.byIds(
      storeId,
      ids.filter((id) => isUuid(id)),
    );
    return new Map(rows.map((row) => [row.id, toVariant(row)]));
  }

  async priceRanges(storeId: string, productIds: readonly string[]): Promise<Map<string, PriceRange>> {
    const rows = await this.variants.priceRanges(storeId, productIds);
    return new Map(
      rows.map((r) => [
        r.product_id,
        { min: money(r.min, r.currency_code), max: money(r.max, r.currency_code) },
      ]),
    );
  }

  /**
   * The product as JSON with its options and variants, read in `tx`: the `data` of its events, the same
   * object the REST door answers (rest/product-variants.ts).
   */
  async productJson(tx: EntityManager, storeId: string, product: Product): Promise<ProductDto> {
    const [options, variants, images] = await Promise.all([
      this.variants.options(storeId, [product.id], tx),
      this.variants.ofProduct(storeId, product.id, tx),
      this.images.of(storeId, [product.id], tx),
    ]);
    const shown = images.get(product.id) ?? [];
    return {
      ...toProductDto(product, shown),
      options: toOptions(options),
      variants: variants.map((row) => toVariantDto(toVariant(row), shown)),
    };
  }

  /** Every variant of each product, in position order (the REST door's product objects): one query. */
  async allOf(storeId: string, productIds: readonly string[]): Promise<Map<string, ProductVariant[]>> {
    const rows = await this.variants.page(storeId, productIds, -1, MAX_VARIANTS);
    const byProduct = new Map<string, ProductVariant[]>(productIds.map((id) => [id, []]));
    for (const row of rows) byProduct.get(row.product_id)?.push(toVariant(row));
    return byProduct;
  }

  /**
   * (v1.4) The variant of each line — `variantId` alone, or `productId` alone for a product with only its
   * default variant (else `variant_required`), both agreeing (else `variant_mismatch`) — merged per
   * variant. An unknown, malformed, deleted or another store's variant is `variant_not_found`, such a
   * product `product_not_found`. Two reads at most, in `tx` when given.
   */
  async resolveLines(
    tx: EntityManager | undefined,
    storeId: string,
    lines: readonly LineTarget[],
  ): Promise<VariantLine[]> {
    const given = (id: string | null | undefined): id is string => id !== null && id !== undefined;
    for (const line of lines) {
      if (!given(line.variantId) && !given(line.productId)) {
        throw refuse(
          'variant_required',
          'A line names a variantId (or the productId of a product without options).',
          'variantId',
        );
      }
      if (given(line.variantId) && !isUuid(line.variantId)) {
        throw StorefrontErrors.variantNotFound(`No variant ${line.variantId} in this store.`);
      }
      if (given(line.productId) && !isUuid(line.productId)) {
        throw StorefrontErrors.productNotFound(`No product ${line.productId} in this store.`);
      }
    }
    const variantIds = [...new Set(lines.map((l) => l.variantId).filter(given))];
    const productIds = [
      ...new Set(
        lines
          .filter((l) => !given(l.variantId))
          .map((l) => l.productId)
          .filter(given),
      ),
    ];
    const variants = new Map(
      variantIds.length
        ? (await this.variants.targets(tx, storeId, variantIds)).map((r) => [r.id, r.product_id] as const)
        : [],
    );
    const defaults = new Map(
      productIds.length
        ? (await this.variants.defaultTargets(tx, storeId, productIds)).map((r) => [r.product_id, r] as const)
        : [],
    );
    const resolved = lines.map((line): VariantLine => {
      if (given(line.variantId)) {
        const productId = variants.get(line.variantId);
        if (!productId) throw StorefrontErrors.variantNotFound(`No variant ${line.variantId} in this store.`);
        if (given(line.productId) && line.productId !== productId) {
          throw refuse(
            'variant_mismatch',
            `Variant ${line.variantId} is not a variant of product ${line.productId}.`,
            'variantId',
          );
        }
        return { variantId: line.variantId, productId, quantity: line.quantity };
      }
      const target = defaults.get(line.productId!);
      if (!target || !target.variant_id)
        throw StorefrontErrors.productNotFound(`No product ${line.productId} in this store.`);
      if (target.has_options) {
        throw refuse(
          'variant_required',
          `Product ${line.productId} has variants: name one (variantId).`,
          'variantId',
        );
      }
      return { variantId: target.variant_id, productId: target.product_id, quantity: line.quantity };
    });
    return mergeVariantLines(resolved);
  }

  /**
   * A new product's options and variants, in the transaction that inserted it (whose trigger gave it a
   * default variant): with `variants`, they replace the default variant.
   */
  async createFor(
    tx: EntityManager,
    storeId: string,
    productId: string,
    currencyCode: string,
    options: ProductOption[],
    variants: VariantInput[],
  ): Promise<void> {
    const checked = checkOptions(options);
    if (variants.length === 0) {
      if (checked.length > 0)
        throw refuse('missing_option_value', 'A product with options needs variants.', 'variants');
      return;
    }
    const valueIds = await this.insertOptions(tx, storeId, productId, checked, []);
    const rows = this.prepared(checked, valueIds, currencyCode, variants, new Set());
    const [defaultVariant] = await this.variants.combinations(tx, productId);
    await this.variants.deleteVariants(tx, productId, [defaultVariant.id]);
    await this.mapped(
      this.variants.insertVariants(tx, storeId, productId, await this.withImages(tx, productId, rows)),
    );
  }

  /** `productVariantsCreate` / REST POST …/variants. */
  createVariants(
    caller: Caller,
    storeId: string,
    productId: string,
    inputs: VariantInput[],
  ): Promise<Product> {
    if (inputs.length > MAX_VARIANTS_PER_CALL) {
      throw refuse('too_many_variants', `At most ${MAX_VARIANTS_PER_CALL} variants per call.`, 'variants');
    }
    return this.write(caller, storeId, productId, async (tx, product) => {
      const options = await this.variants.options(storeId, [productId], tx);
      const existing = await this.variants.combinations(tx, productId);
      if (existing.length + inputs.length > MAX_VARIANTS) {
        throw refuse('too_many_variants', `A product has at most ${MAX_VARIANTS} variants.`, 'variants');
      }
      const valueIds = options.map((o) => o.values.map((v) => v.id));
      const taken = new Set(existing.map((e) => e.values.filter((v) => v !== null).join(',')));
      const rows = this.prepared(toOptions(options), valueIds, product.currency_code, inputs, taken);
      await this.mapped(
        this.variants.insertVariants(tx, storeId, productId, await this.withImages(tx, productId, rows)),
      );
    });
  }

  /** `productVariantsUpdate` / REST PUT …/variants/:variantId. Unknown ids: variant_not_found. */
  updateVariants(
    caller: Caller,
    storeId: string,
    productId: string,
    patches: VariantPatch[],
  ): Promise<Product> {
    if (patches.length > MAX_VARIANTS_PER_CALL) {
      throw refuse('too_many_variants', `At most ${MAX_VARIANTS_PER_CALL} variants per call.`, 'variants');
    }
    return this.write(caller, storeId, productId, async (tx, product) => {
      for (const patch of patches) {
        if (!isUuid(patch.id)) throw StorefrontErrors.variantNotFound();
        const changes: Parameters<VariantsRepository['updateVariant']>[3] = {};
        if (patch.price !== undefined)
          changes.price_minor = amountIn(patch.price, product.currency_code, 'price').toString();
        if (patch.compareAtPrice !== undefined) {
          changes.compare_at_minor =
            patch.compareAtPrice === null
              ? null
              : amountIn(patch.compareAtPrice, product.currency_code, 'compareAtPrice').toString();
        }
        if (patch.sku !== undefined) changes.sku = checkSku(patch.sku);
        if (patch.inventory !== undefined) changes.inventory = checkInventory(patch.inventory);
        if (patch.imageId !== undefined) {
          if (patch.imageId !== null && !(await this.isImage(tx, productId, patch.imageId))) {
            throw refuse(undefined, 'imageId must be one of the product’s images.', 'imageId');
          }
          changes.image_id = patch.imageId;
        }
        const found = Object.keys(changes).length
          ? await this.mapped(this.variants.updateVariant(tx, productId, patch.id, changes))
          : (await this.variants.combinations(tx, productId)).some((c) => c.id === patch.id);
        if (!found) throw StorefrontErrors.variantNotFound();
      }
    });
  }

  /** `productVariantsDelete` / REST DELETE …/variants/:variantId. The last variant stays (last_variant). */
  deleteVariants(caller: Caller, storeId: string, productId: string, ids: string[]): Promise<Product> {
    return this.write(caller, storeId, productId, async (tx) => {
      const wanted = [...new Set(ids)];
      if (wanted.some((id) => !isUuid(id))) throw StorefrontErrors.variantNotFound();
      const deleted = await this.variants.deleteVariants(tx, productId, wanted);
      if (deleted.length < wanted.length) throw StorefrontErrors.variantNotFound();
      if ((await this.variants.count(tx, productId)) === 0) {
        throw refuse('last_variant', 'A product keeps at least one variant.', 'variantIds');
      }
    });
  }

  /**
   * `productOptionsUpdate`: the options in their stored order — the i-th option and its j-th value keep
   * their identity (a changed string renames them in every variant), values appended at the end are added,
   * values left out at the end are removed unless a variant names them (option_value_in_use). The number
   * of options is fixed while the product has variants of its own (option_count_fixed); a product with
   * only its default variant may gain options, the default variant then naming each option's first value.
   */
  updateOptions(
    caller: Caller,
    storeId: string,
    productId: string,
    input: ProductOption[],
  ): Promise<Product> {
    const options = checkOptions(input);
    return this.write(caller, storeId, productId, async (tx) => {
      const current = await this.variants.options(storeId, [productId], tx);
      if (current.length === 0 && options.length > 0) {
        const valueIds = await this.insertOptions(tx, storeId, productId, options, []);
        const [only, ...more] = await this.variants.combinations(tx, productId);
        if (more.length > 0)
          throw refuse('option_count_fixed', 'The product already has variants.', 'options');
        await this.variants.setValues(
          tx,
          only.id,
          valueIds.map((ids) => ids[0]),
        );
        return;
      }
      if (current.length !== options.length) {
        throw refuse(
          'option_count_fixed',
          'Options cannot be added or removed while the product has variants; rename them or add values.',
          'options',
        );
      }
      for (const [i, option] of options.entries()) {
        const stored = current[i];
        if (stored.name !== option.name) await this.variants.renameOption(tx, stored.id, option.name);
        const kept = Math.min(stored.values.length, option.values.length);
        for (let j = 0; j < kept; j++) {
          if (stored.values[j].value !== option.values[j]) {
            await this.variants.renameValue(tx, stored.values[j].id, option.values[j]);
          }
        }
        await this.variants.insertValues(
          tx,
          storeId,
          stored.id,
          stored.values.length,
          option.values.slice(kept),
        );
        await this.mapped(
          this.variants.deleteValues(
            tx,
            productId,
            stored.values.slice(kept).map((v) => v.id),
          ),
        );
      }
    });
  }

  /** The stored values of the options, then their ids per option. */
  private async insertOptions(
    tx: EntityManager,
    storeId: string,
    productId: string,
    options: ProductOption[],
    ids: string[][],
  ): Promise<string[][]> {
    for (const [i, option] of options.entries()) {
      const optionId = await this.variants.insertOption(tx, storeId, productId, i, option.name);
      ids.push(await this.variants.insertValues(tx, storeId, optionId, 0, option.values));
    }
    return ids;
  }

  /** Inputs checked against the options (one value of each, a new combination), as rows to insert. */
  private prepared(
    options: ProductOption[],
    valueIds: string[][],
    currencyCode: string,
    inputs: VariantInput[],
    taken: Set<string>,
  ) {
    return inputs.map((input) => {
      const indexes = selectionOf(options, input.selectedOptions ?? []);
      const values = indexes.map((j, i) => valueIds[i][j]);
      const key = values.join(',');
      if (taken.has(key)) {
        throw refuse(
          'duplicate_variant',
          `Another variant already names ${comboKey(indexes) === '' ? 'no options' : 'these values'}.`,
          'selectedOptions',
        );
      }
      taken.add(key);
      return {
        values,
        priceMinor: amountIn(input.price, currencyCode, 'price').toString(),
        compareAtMinor:
          input.compareAtPrice === null || input.compareAtPrice === undefined
            ? null
            : amountIn(input.compareAtPrice, currencyCode, 'compareAtPrice').toString(),
        sku: checkSku(input.sku),
        inventory: checkInventory(input.inventory),
        imageId: input.imageId ?? null,
      };
    });
  }

  private async withImages<T extends { imageId: string | null }>(
    tx: EntityManager,
    productId: string,
    rows: T[],
  ) {
    for (const row of rows) {
      if (row.imageId !== null && !(await this.isImage(tx, productId, row.imageId))) {
        throw refuse(undefined, 'imageId must be one of the product’s images.', 'imageId');
      }
    }
    return rows;
  }

  private async isImage(tx: EntityManager, productId: string, imageId: string): Promise<boolean> {
    return isUuid(imageId) && this.variants.imageOf(tx, productId, imageId);
  }

  /** A constraint the database caught (a race the checks above could not see) as its §18 reason. */
  private async mapped<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } catch (error) {
      if (!(error instanceof VariantConstraintError)) throw error;
      if (error.constraint === 'sku')
        throw refuse('sku_taken', 'Another variant of this store has this SKU.', 'sku');
      if (error.constraint === 'combination') {
        throw refuse('duplicate_variant', 'Another variant already names these values.', 'selectedOptions');
      }
      throw refuse('option_value_in_use', 'A variant still names a value left out.', 'options');
    }
  }

  /**
   * One write of a product's variants or options: the product locked, the work, then the product as it is
   * now recorded as `product.updated` — all in one transaction.
   */
  private async write(
    caller: Caller,
    storeId: string,
    productId: string,
    work: (tx: EntityManager, product: { id: string; currency_code: string }) => Promise<void>,
  ): Promise<Product> {
    if (!isUuid(productId)) throw StorefrontErrors.productNotFound();
    return this.products.transaction(async (tx) => {
      const product = await this.variants.lockProduct(tx, storeId, productId);
      if (!product) throw StorefrontErrors.productNotFound();
      await work(tx, product);
      const row = await this.products.touch(tx, storeId, productId);
      const updated = toProduct(row!);
      const data = await this.productJson(tx, storeId, updated);
      await this.events.emit(tx, { storeId, type: 'product.updated', caller, data });
      return updated;
    });
  }
}
