import { ComponentProps, FormEvent, useState } from 'react';
import type { StoreProduct } from '@storefront-platform/sdk/browser';
import { account, attention, describe, fieldErrors, FieldErrors } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { Field, TextArea } from '../ui/Field';
import { ErrorMessage, LoadMore, Status } from '../ui/misc';
import { DataTable, RowButton } from '../ui/Table';
import { formatMoney } from '../ui/money';
import { defaultCurrency } from '../ui/region';
import { ProductImages } from './ProductImages';
import {
  draftsOf,
  OptionDraft,
  OptionsEditor,
  rowsFor,
  usedOptions,
  valuesOf,
  VariantDraft,
  VariantsTable,
} from '../ui/Variants';
import { useStore } from './StorePage';

const PAGE = 20;

interface Draft {
  handle: string;
  title: string;
  description: string;
  price: string;
  currencyCode: string;
  stock: string;
}

const EMPTY: Omit<Draft, 'currencyCode'> = { handle: '', title: '', description: '', price: '', stock: '0' };

/** A handle from a title, as a suggestion: "Darjeeling Tea (100 g)" → "darjeeling-tea-100-g". */
const handleFrom = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

/**
 * The store's catalogue for its members: search and page it; create, edit and delete products with a
 * role that may (owner, admin, staff — a developer reads it).
 */
export function Products() {
  const { store, can } = useStore();
  const edits = can('commerce');
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  // The product being edited; 'new' for a new one; null when the form is closed.
  const [editing, setEditing] = useState<StoreProduct | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, currencyCode: defaultCurrency(store) }));
  const [handleTouched, setHandleTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<StoreProduct | null>(null);
  // (v1.4) The product's options and one row per variant (Variants.tsx).
  const [options, setOptions] = useState<OptionDraft[]>([]);
  const [rows, setRows] = useState<VariantDraft[]>([]);

  const {
    items: products,
    next,
    error,
    setError,
    load,
    more,
  } = usePagedList(
    (after) => account.products.list(store.id, { query: query || undefined, limit: PAGE, after }),
    [store.id, query],
    { clearError: true },
  );

  const open = (product: StoreProduct | 'new') => {
    setErrors({});
    setFormError(null);
    setEditing(product);
    setHandleTouched(product !== 'new');
    const drafts = product === 'new' ? { options: [], variants: [] } : draftsOf(product);
    setOptions(drafts.options);
    setRows(drafts.variants);
    setDraft(
      product === 'new'
        ? { ...EMPTY, currencyCode: defaultCurrency(store) }
        : {
            handle: product.handle,
            title: product.title,
            description: product.description ?? '',
            price: product.price.amount,
            currencyCode: product.price.currencyCode,
            stock: String(product.inventory),
          },
    );
  };

  const set = (field: keyof Draft) => (value: string) =>
    setDraft((d) => {
      const changed = { ...d, [field]: value };
      if (field === 'title' && !handleTouched) changed.handle = handleFrom(value);
      return changed;
    });

  /** A required text field of the draft, with the server's word on it (`extra` may name another field's). */
  const field = (key: keyof Draft, label: string, extra: Partial<ComponentProps<typeof Field>> = {}) => (
    <Field
      label={label}
      value={draft[key]}
      onChange={(e) => set(key)(e.target.value)}
      error={errors[key]}
      required
      {...extra}
    />
  );

  const changeOptions = (next: OptionDraft[]) => {
    setOptions(next);
    setRows((current) => rowsFor(next, current, draft.price));
  };
  const hadOptions = editing !== null && editing !== 'new' && (editing.options ?? []).length > 0;
  const withOptions = hadOptions || usedOptions(options).length > 0;

  /**
   * (v1.4) Saves a product with options: its fields and options (renamed, values added), then each variant
   * row — a change to one it has, or a new one for a new combination.
   */
  const saveWithVariants = async (
    fields: { handle: string; title: string; currencyCode: string },
    description: string | null,
  ): Promise<StoreProduct> => {
    const used = usedOptions(options).map((o) => ({ name: o.name.trim(), values: valuesOf(o) }));
    const stockOf = (stock: string) =>
      /^\d+$/.test(stock.trim()) ? Number(stock.trim()) : (stock as unknown as number);
    const selectedOptions = (values: string[]) => used.map((o, i) => ({ name: o.name, value: values[i] }));
    if (editing === 'new') {
      return account.products.create(store.id, {
        ...fields,
        ...(description ? { description } : {}),
        options: used,
        variants: rows.map((r) => ({
          selectedOptions: selectedOptions(r.values),
          price: r.price.trim(),
          ...(r.sku.trim() ? { sku: r.sku.trim() } : {}),
          inventory: stockOf(r.stock),
        })),
      });
    }
    const productId = (editing as StoreProduct).id;
    // The currency stays: a new one needs every variant's price in it (the variants' own changes follow).
    let saved = await account.products.update(store.id, productId, {
      handle: fields.handle,
      title: fields.title,
      description,
      options: used,
    });
    const key = (values: string[]) => values.join('\u0000');
    const stored = new Map(
      (saved.variants ?? []).map((v) => [key(v.selectedOptions.map((s) => s.value)), v]),
    );
    for (const row of rows) {
      const had = stored.get(key(row.values));
      const body = { price: row.price.trim(), sku: row.sku.trim() || null, inventory: stockOf(row.stock) };
      if (!had) {
        saved = await account.products.variants.create(store.id, productId, {
          selectedOptions: selectedOptions(row.values),
          ...body,
        });
      } else if (
        had.price.amount !== body.price ||
        (had.sku ?? null) !== body.sku ||
        had.inventory !== body.inventory
      ) {
        saved = await account.products.variants.update(store.id, productId, had.id, body);
      }
    }
    return saved;
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setSaving(true);
    setErrors({});
    setFormError(null);
    // A stock that is not a whole number goes as typed, so the server's message names the field.
    const inventory = /^\d+$/.test(draft.stock.trim()) ? Number(draft.stock.trim()) : draft.stock;
    const fields = {
      handle: draft.handle.trim(),
      title: draft.title,
      price: draft.price.trim(),
      currencyCode: draft.currencyCode.trim().toUpperCase(),
      inventory: inventory as number,
    };
    try {
      const saved = withOptions
        ? await saveWithVariants(
            { handle: fields.handle, title: fields.title, currencyCode: fields.currencyCode },
            draft.description.trim() ? draft.description : null,
          )
        : editing === 'new'
          ? await account.products.create(store.id, {
              ...fields,
              ...(draft.description.trim() ? { description: draft.description } : {}),
            })
          : await account.products.update(store.id, editing.id, {
              ...fields,
              description: draft.description.trim() ? draft.description : null,
            });
      setEditing(null);
      setStatus(`Saved “${saved.title}”.`);
      await load();
    } catch (err) {
      // At their fields, in the console's words; the summary beside the button is the console's own
      // (never the server's sentence about a field already shown under it).
      const byField = fieldErrors(err);
      setErrors(byField);
      setFormError(attention(byField, err));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    const product = deleting;
    setDeleting(null);
    try {
      await account.products.delete(store.id, product.id);
      setStatus(`Deleted “${product.title}”.`);
      await load();
    } catch (err) {
      setError(describe(err));
    }
  };

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery(typed.trim());
  };

  return (
    <section aria-labelledby="products-title">
      <div className="section-head">
        <h2 id="products-title">Products</h2>
        {edits && (
          <button type="button" onClick={() => open('new')}>
            New product
          </button>
        )}
      </div>
      <form role="search" onSubmit={search} className="inline-form" aria-label="Products">
        <div className="field">
          <label htmlFor="product-search">Search products</label>
          <input
            id="product-search"
            type="search"
            value={typed}
            maxLength={100}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <button type="submit" className="secondary">
          Search
        </button>
      </form>
      <ErrorMessage onRetry={products === null ? () => void load() : undefined}>{error}</ErrorMessage>
      {status && <Status>{status}</Status>}
      {products?.length === 0 && <p>{query ? `No products match “${query}”.` : 'No products yet.'}</p>}
      {products && products.length > 0 && (
        <DataTable
          caption={`Products of ${store.name}`}
          columns={['Title', 'Handle', 'Price', 'Stock']}
          actions={edits}
        >
          {products.map((product) => (
            <tr key={product.id}>
              <td data-label="Title">{product.title}</td>
              <td data-label="Handle">
                <code>{product.handle}</code>
              </td>
              <td data-label="Price" className="nowrap">
                {formatMoney(product.price)}
              </td>
              <td data-label="Stock" className="nowrap">
                {product.inventory > 0 ? product.inventory : 'Out of stock'}
              </td>
              {edits && (
                <td className="row-actions">
                  <RowButton
                    className="secondary"
                    label="Edit"
                    item={product.title}
                    onClick={() => open(product)}
                  />
                  <RowButton
                    className="danger"
                    label="Delete"
                    item={product.title}
                    onClick={() => setDeleting(product)}
                  />
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      <LoadMore next={next} onClick={more}>
        Load more products
      </LoadMore>

      <Dialog
        title={editing === 'new' ? 'New product' : `Edit ${editing?.title ?? ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        <form onSubmit={save} className="stack" noValidate>
          <ErrorMessage>{formError}</ErrorMessage>
          {field('title', 'Title', { maxLength: 255 })}
          {field('handle', 'Handle', {
            onChange: (e) => {
              setHandleTouched(true);
              set('handle')(e.target.value);
            },
            hint: 'Lowercase letters and digits, words joined by hyphens; unique in this store.',
            maxLength: 100,
            autoCapitalize: 'none',
            spellCheck: false,
          })}
          <TextArea
            label="Description"
            value={draft.description}
            onChange={(e) => set('description')(e.target.value)}
            error={errors.description}
            maxLength={5000}
            rows={3}
          />
          <div className="field-row">
            {/* (v1.4) With options, price and stock are each variant's (the Variants table). */}
            {!withOptions && field('price', 'Price', { inputMode: 'decimal', placeholder: '499.00' })}
            {field('currencyCode', 'Currency', {
              // (v1.4) A product with variants keeps its currency (every variant is priced in it).
              readOnly: hadOptions,
              hint: hadOptions ? 'Every variant is priced in it' : `ISO code, e.g. ${defaultCurrency(store)}`,
              maxLength: 3,
              autoCapitalize: 'characters',
              spellCheck: false,
            })}
            {!withOptions && field('stock', 'Stock', { error: errors.inventory, inputMode: 'numeric' })}
          </div>
          {/* (v1.4) Images change at once, each on its own: they need the product to exist first. */}
          {editing && editing !== 'new' ? (
            <ProductImages
              storeId={store.id}
              product={editing}
              onChange={(product) => {
                setEditing(product);
                void load();
              }}
            />
          ) : (
            <p className="hint">Save the product first, then edit it to add its images.</p>
          )}
          <OptionsEditor options={options} onChange={changeOptions} fixed={hadOptions} />
          <VariantsTable rows={rows} onChange={setRows} />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
            <button type="submit" disabled={saving}>
              Save product
            </button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog
        title={`Delete ${deleting?.title ?? ''}?`}
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        confirm="Yes, delete"
        onConfirm={remove}
      >
        <p>It leaves the catalogue at once; past orders keep naming it.</p>
      </ConfirmDialog>
    </section>
  );
}
