import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ReadableName, stacked, trimmed } from '@app/core';
import { CURRENCY_DIGITS } from '../money/currencies';
import { AMOUNT_PATTERN, type Money } from '../money/money';
import type { ProductOption, VariantInput } from '../variants/variant';

/**
 * A product of one store's catalogue, as the domain hands it to both doors: the GraphQL door answers it
 * as it is (its `Product` type declares these fields), the REST door and the product's events as JSON
 * (product.mapper.ts, toProductDto).
 */
export interface Product {
  id: string;
  /** Not in either door's answer: resolves GraphQL's `Product.store`. */
  storeId: string;
  handle: string;
  title: string;
  description: string | null;
  price: Money;
  inventory: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What a write may set. Both doors' inputs have this shape (GraphQL's ProductCreateInput, REST's
 * CreateProductDto); `price` is a decimal string read in `currencyCode`.
 */
export interface ProductInput {
  handle: string;
  title: string;
  description?: string | null;
  /** (v1.4) Required only without `variants` (then the default variant's). */
  price?: string;
  /** (v1.4) Left out of a create: the store's currency. */
  currencyCode?: string;
  /** (v1.4) Required only without `variants`. */
  inventory?: number;
  /** (v1.4) A create only: the product's options and its variants (they replace the default variant). */
  options?: ProductOption[] | null;
  variants?: VariantInput[] | null;
}
/** An update: any subset; `description: null` clears it. Options and variants have their own writes. */
export type ProductPatch = Partial<Omit<ProductInput, 'options' | 'variants'>>;

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_INVENTORY = 1_000_000_000;
/** The longest catalogue search (`query`), in either door. */
export const MAX_QUERY_LENGTH = 100;

/**
 * - `required`: must be there (a create);
 * - `patch`: may be absent, but not null (a partial update);
 * - `withoutVariants` (v1.4): required in a create that gives no `variants` (price and stock are then the
 *   default variant's), else as `patch`.
 */
export type Presence = 'required' | 'patch' | 'withoutVariants';

function rules(presence: Presence, ...decorators: PropertyDecorator[]): PropertyDecorator {
  if (presence === 'withoutVariants') {
    return stacked(
      ValidateIf(
        (object: { variants?: unknown }, value: unknown) =>
          value !== undefined || object.variants === undefined || object.variants === null,
      ),
      ...decorators,
    );
  }
  return presence === 'patch'
    ? stacked(
        ValidateIf((_object: unknown, value: unknown) => value !== undefined),
        ...decorators,
      )
    : stacked(...decorators);
}

/**
 * The shape checks of each product field, one place for the GraphQL inputs and the REST bodies (the global
 * validation pipe runs them on GraphQL args too, where a failure is BAD_USER_INPUT). Every field's shape is
 * checked here, so that one answer names every bad field (a bad price, currency and stock together, not one
 * per attempt); only `price` against its currency (its decimals) is checked by the service, which knows both
 * fields together, once each has the right shape.
 */
export const ProductRule = {
  handle: (p: Presence = 'required') =>
    rules(
      p,
      IsString(),
      MaxLength(100),
      Matches(HANDLE_PATTERN, {
        message: 'handle must be lowercase letters and digits, words joined by single hyphens',
      }),
    ),
  title: (p: Presence = 'required') =>
    rules(p, trimmed(), IsString(), IsNotEmpty(), MaxLength(255), ReadableName()),
  /** May be absent or null (null clears it), in a create as in an update. */
  description: () => stacked(IsOptional(), IsString(), MaxLength(5000)),
  price: (p: Presence = 'required') =>
    rules(
      p,
      IsString(),
      Matches(AMOUNT_PATTERN, { message: 'price must be a non-negative decimal number such as "499.00"' }),
    ),
  currencyCode: (p: Presence = 'required') =>
    rules(
      p,
      IsString(),
      IsIn(Object.keys(CURRENCY_DIGITS), { message: 'currencyCode must be an ISO 4217 code, e.g. "USD"' }),
    ),
  inventory: (p: Presence = 'required') => rules(p, IsInt(), Min(0), Max(MAX_INVENTORY)),
};
