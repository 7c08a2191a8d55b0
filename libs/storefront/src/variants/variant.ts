import type { Money } from '../money/money';

/** (v1.4) One option of a product (Size, Color…): its name and its values, in their stored order. */
export interface ProductOption {
  name: string;
  values: string[];
}

export interface SelectedOption {
  name: string;
  value: string;
}

/**
 * (v1.4) One variant of a product: what a cart line and an order line name, with its own price, SKU and
 * stock. A product without options has exactly one, its default variant (title "Default Title", no
 * selected options).
 */
export interface ProductVariant {
  id: string;
  /** Not in either door's answer: resolves `ProductVariant.product`. */
  productId: string;
  storeId: string;
  title: string;
  sku: string | null;
  price: Money;
  compareAtPrice: Money | null;
  inventory: number;
  available: boolean;
  selectedOptions: SelectedOption[];
  imageId: string | null;
  position: number;
}

export interface PriceRange {
  min: Money;
  max: Money;
}

/** A variant as a client creates it: one value of every option, a price in the product's currency. */
export interface VariantInput {
  selectedOptions: SelectedOption[];
  price: string;
  compareAtPrice?: string | null;
  sku?: string | null;
  inventory: number;
  imageId?: string | null;
}

/** A change of one variant: any subset; null clears `compareAtPrice`, `sku` and `imageId`. */
export interface VariantPatch {
  id: string;
  price?: string;
  compareAtPrice?: string | null;
  sku?: string | null;
  inventory?: number;
  imageId?: string | null;
}

/** The title and the options of a product's default variant. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';
/** Shopify's limits: options per product, values per option, variants per product and per call. */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 100;
export const MAX_VARIANTS = 2048;
export const MAX_VARIANTS_PER_CALL = 250;
export const MAX_NAME_LENGTH = 255;

/**
 * The reasons a §18 rule gives for a refusal (GraphQL `extensions.reason`, the REST problem's top-level
 * `reason`), one name each.
 */
export type VariantRefusal =
  | 'too_many_options'
  | 'too_many_values'
  | 'too_many_variants'
  | 'missing_option_value'
  | 'unknown_option_value'
  | 'duplicate_variant'
  | 'sku_taken'
  | 'option_value_in_use'
  | 'option_count_fixed'
  | 'has_variants'
  | 'last_variant'
  | 'variant_required'
  | 'variant_mismatch'
  | 'amount_precision';

/** A variant's title: its values joined by " / " in option order, or the default variant's. */
export function variantTitle(selected: readonly SelectedOption[]): string {
  return selected.length === 0 ? DEFAULT_VARIANT_TITLE : selected.map((s) => s.value).join(' / ');
}
