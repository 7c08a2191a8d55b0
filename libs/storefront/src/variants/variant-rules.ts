import { parseAmount } from '../money/money';
import { MAX_INVENTORY } from '../products/product';
import { StorefrontErrors } from '../storefront.errors';
import {
  MAX_NAME_LENGTH,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  ProductOption,
  SelectedOption,
  VariantRefusal,
} from './variant';

/**
 * The rules of options and variants (contract §18) that need no database: pure functions the service
 * runs before it writes, each refusal a BAD_USER_INPUT / 400 `validation_failed` with its `reason`.
 */
export function refuse(reason: VariantRefusal | undefined, detail: string, field?: string): Error {
  return StorefrontErrors.badInput(detail, field ? [{ field, message: detail }] : undefined, reason);
}

function checkName(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > MAX_NAME_LENGTH) {
    throw refuse(undefined, `${field} must be 1–${MAX_NAME_LENGTH} characters.`, field);
  }
  return value;
}

/** At most 3 options, 1–100 values each, names unique in the product and values in their option. */
export function checkOptions(options: readonly ProductOption[]): ProductOption[] {
  if (options.length > MAX_OPTIONS) {
    throw refuse('too_many_options', `A product has at most ${MAX_OPTIONS} options.`, 'options');
  }
  const names = new Set<string>();
  return options.map((option) => {
    const name = checkName(option.name, 'options.name');
    if (names.has(name)) throw refuse(undefined, `Option names are unique: "${name}" twice.`, 'options.name');
    names.add(name);
    const values = option.values ?? [];
    if (values.length < 1 || values.length > MAX_OPTION_VALUES) {
      throw refuse(
        'too_many_values',
        `Option "${name}" needs 1–${MAX_OPTION_VALUES} values.`,
        'options.values',
      );
    }
    const seen = new Set<string>();
    for (const value of values) {
      checkName(value, 'options.values');
      if (seen.has(value)) {
        throw refuse(undefined, `Values of "${name}" are unique: "${value}" twice.`, 'options.values');
      }
      seen.add(value);
    }
    return { name, values: [...values] };
  });
}

/**
 * The value index of each option a variant names: exactly one value of every option, no other name
 * (`missing_option_value`, `unknown_option_value`). The default variant of a product without options
 * names none.
 */
export function selectionOf(
  options: readonly ProductOption[],
  selected: readonly SelectedOption[],
): number[] {
  const byName = new Map<string, string>();
  for (const s of selected) {
    const option = options.find((o) => o.name === s.name);
    if (!option || byName.has(s.name) || !option.values.includes(s.value)) {
      throw refuse(
        'unknown_option_value',
        `"${s.name}: ${s.value}" is not a value of this product's options.`,
        'selectedOptions',
      );
    }
    byName.set(s.name, s.value);
  }
  return options.map((option) => {
    const value = byName.get(option.name);
    if (value === undefined) {
      throw refuse(
        'missing_option_value',
        `Every variant names one value of every option; "${option.name}" is missing.`,
        'selectedOptions',
      );
    }
    return option.values.indexOf(value);
  });
}

/** The key of a combination (value indexes), to find two variants naming the same one. */
export const comboKey = (indexes: readonly number[]): string => indexes.join(',');

/** An amount in the product's currency (`amount_precision` when it has too many decimals). */
export function amountIn(amount: string, currencyCode: string, field: string): bigint {
  const parsed = parseAmount(amount, currencyCode);
  if (!parsed.ok) {
    throw refuse(parsed.reason, parsed.message.replace(/^price/, field), field);
  }
  return parsed.minor;
}

export function checkInventory(value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_INVENTORY) {
    throw refuse(undefined, `inventory must be an integer 0–${MAX_INVENTORY}.`, 'inventory');
  }
  return value as number;
}

/** A SKU is 1–255 characters, or absent (null). */
export function checkSku(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return checkName(value, 'sku');
}
