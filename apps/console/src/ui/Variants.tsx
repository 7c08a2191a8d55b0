import type { InputHTMLAttributes } from 'react';
import type { StoreProduct } from '@storefront-platform/sdk/browser';
import { Field } from './Field';

/** At most 3 options per product (the server's rule too). */
export const MAX_OPTIONS = 3;

/** An option as the form edits it: its values typed as one comma-separated line. */
export interface OptionDraft {
  name: string;
  values: string;
}

/** One variant row of the form: its option values, and what the merchant types for it. */
export interface VariantDraft {
  /** Set for a variant the product already has. */
  id?: string;
  values: string[];
  price: string;
  sku: string;
  stock: string;
}

/** The values of an option, as typed: comma-separated, blanks left out. */
export const valuesOf = (option: OptionDraft): string[] =>
  option.values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const keyOf = (values: string[]) => values.join('\u0000');

/** The options that count: named, with at least one value. */
export const usedOptions = (options: OptionDraft[]) =>
  options.filter((o) => o.name.trim() && valuesOf(o).length > 0);

/**
 * The variant rows for these options: one per combination of their values (in option order), keeping
 * what was typed for a combination already there; a new one starts at `price` with no stock.
 */
export function rowsFor(options: OptionDraft[], current: VariantDraft[], price: string): VariantDraft[] {
  const used = usedOptions(options);
  if (used.length === 0) return [];
  let combos: string[][] = [[]];
  for (const option of used) combos = combos.flatMap((c) => valuesOf(option).map((v) => [...c, v]));
  const had = new Map(current.map((row) => [keyOf(row.values), row]));
  return combos.map((values) => had.get(keyOf(values)) ?? { values, price, sku: '', stock: '0' });
}

/** The form's options and rows of a product as the server has them. */
export function draftsOf(product: StoreProduct): { options: OptionDraft[]; variants: VariantDraft[] } {
  const options = (product.options ?? []).map((o) => ({ name: o.name, values: o.values.join(', ') }));
  const variants = options.length
    ? (product.variants ?? []).map((v) => ({
        id: v.id,
        values: v.selectedOptions.map((s) => s.value),
        price: v.price.amount,
        sku: v.sku ?? '',
        stock: String(v.inventory),
      }))
    : [];
  return { options, variants };
}

/**
 * The product form's **Options**: per option the textboxes **Option name** and **Option values**
 * (comma-separated), and **Add option** (up to 3). A product that has variants keeps its number of
 * options (rename them, add values); a new one may remove them.
 */
export function OptionsEditor({
  options,
  onChange,
  fixed,
}: {
  options: OptionDraft[];
  onChange: (options: OptionDraft[]) => void;
  fixed: boolean;
}) {
  const set = (i: number, change: Partial<OptionDraft>) =>
    onChange(options.map((o, j) => (j === i ? { ...o, ...change } : o)));
  return (
    <fieldset className="stack">
      <legend>Options</legend>
      {options.length === 0 && <p className="muted">Sizes, colours…: each combination becomes a variant.</p>}
      {options.map((option, i) => (
        <div className="field-row option-row" key={i}>
          <Field
            label="Option name"
            value={option.name}
            maxLength={255}
            onChange={(e) => set(i, { name: e.target.value })}
          />
          <Field
            label="Option values"
            value={option.values}
            hint="Comma-separated, e.g. S, M, L"
            onChange={(e) => set(i, { values: e.target.value })}
          />
          {!fixed && (
            <button
              type="button"
              className="secondary"
              onClick={() => onChange(options.filter((_, j) => j !== i))}
            >
              Remove option
            </button>
          )}
        </div>
      ))}
      {(!fixed || options.length === 0) && options.length < MAX_OPTIONS && (
        <div>
          <button
            type="button"
            className="secondary"
            onClick={() => onChange([...options, { name: '', values: '' }])}
          >
            Add option
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** The typed cells of a variant's row: its field, the textbox's name (and column), its input hints. */
const CELLS: [
  keyof Pick<VariantDraft, 'price' | 'sku' | 'stock'>,
  string,
  InputHTMLAttributes<HTMLInputElement>,
][] = [
  ['price', 'Price', { inputMode: 'decimal' }],
  ['sku', 'SKU', { maxLength: 255, autoCapitalize: 'characters', spellCheck: false }],
  ['stock', 'Stock', { inputMode: 'numeric' }],
];

/** The **Variants** table: per variant the textboxes **Price**, **SKU** and **Stock**. */
export function VariantsTable({
  rows,
  onChange,
}: {
  rows: VariantDraft[];
  onChange: (rows: VariantDraft[]) => void;
}) {
  if (rows.length === 0) return null;
  const set = (i: number, change: Partial<VariantDraft>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <div className="table-wrap">
      <table className="variants">
        <caption>Variants</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            {CELLS.map(([key, label]) => (
              <th scope="col" key={key}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.values.join('/')}>
              <th scope="row" data-label="Variant">
                {row.values.join(' / ')}
              </th>
              {CELLS.map(([key, label, extra]) => (
                <td data-label={label} key={key}>
                  <input
                    aria-label={label}
                    value={row[key]}
                    onChange={(e) => set(i, { [key]: e.target.value })}
                    {...extra}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
