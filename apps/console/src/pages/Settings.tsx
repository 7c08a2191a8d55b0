import { FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Store, StorePatch } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { Dialog } from '../ui/Dialog';
import { Field, TextArea } from '../ui/Field';
import { ErrorMessage, Status } from '../ui/misc';
import { useStore } from './StorePage';

const TEXT_FIELDS: [keyof Store & string, string, boolean][] = [
  ['name', 'Name', true],
  ['faviconUrl', 'Favicon URL', true],
  ['logoBlackWhiteUrl', 'Black and white logo URL', true],
  ['logoColorUrl', 'Colour logo URL', true],
  ['mobile', 'Mobile', true],
  ['landline', 'Landline', false],
  ['supportEmail', 'Support email', true],
  ['whatsappNumber', 'WhatsApp number', false],
  ['region', 'Region', true],
  ['gstNumber', 'GST number', false],
];
const ADDRESS: [string, string][] = [
  ['line1', 'Address line 1'],
  ['line2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['postalCode', 'Postal code'],
  ['country', 'Country'],
];

function initial(store: Store): Record<string, string> {
  const v: Record<string, string> = {
    description: store.description ?? '',
    socialLinks: store.socialLinks.join('\n'),
  };
  for (const [k] of TEXT_FIELDS) v[k] = (store[k] as string | null) ?? '';
  for (const [k] of ADDRESS) v[`address.${k}`] = (store.address?.[k as 'line1'] as string | null) ?? '';
  return v;
}

/** Store settings (PUT with the fields that changed) and deletion with a typed confirmation. */
export function Settings() {
  const { store, setStore } = useStore();
  const navigate = useNavigate();
  const [values, setValues] = useState(() => initial(store));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirm, setConfirm] = useState('');
  const before = initial(store);
  const set = (name: string) => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: e.target.value }));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const patch: Record<string, unknown> = {};
    for (const [k, , required] of TEXT_FIELDS)
      if (values[k] !== before[k]) patch[k] = values[k].trim() || (required ? '' : null);
    if (values.description !== before.description) patch.description = values.description.trim() || null;
    if (values.socialLinks !== before.socialLinks)
      patch.socialLinks = values.socialLinks.split(/\s+/).filter(Boolean);
    if (ADDRESS.some(([k]) => values[`address.${k}`] !== before[`address.${k}`])) {
      patch.address = Object.fromEntries(
        ADDRESS.map(([k]) => [k, values[`address.${k}`].trim() || (k === 'line2' ? null : '')]),
      );
    }
    setError(null);
    setErrors({});
    try {
      const updated = await account.stores.update(store.id, patch as StorePatch);
      setStore(updated);
      setValues(initial(updated));
      setSaved(true);
    } catch (err) {
      const byField = fieldErrors(err);
      for (const key of Object.keys(byField))
        if (key.startsWith('socialLinks.')) byField.socialLinks ??= byField[key];
      setErrors(byField);
      setError(Object.keys(byField).length ? 'Please correct the fields marked below.' : describe(err));
    }
  };

  const remove = async () => {
    try {
      await account.stores.delete(store.id);
      navigate('/', { replace: true });
    } catch (err) {
      setDeleting(false);
      setError(describe(err));
    }
  };

  const field = (name: string, label: string) => (
    <Field
      key={name}
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
    />
  );

  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <ErrorMessage>{error}</ErrorMessage>
      {saved && <Status>Saved.</Status>}
      <form onSubmit={save} noValidate className="stack grid-2">
        {field('name', 'Name')}
        <TextArea
          label="Description"
          name="description"
          rows={3}
          value={values.description}
          onChange={set('description')}
          error={errors.description}
        />
        {TEXT_FIELDS.slice(1).map(([k, label]) => field(k, label))}
        {ADDRESS.map(([k, label]) => field(`address.${k}`, label))}
        <TextArea
          label="Social links"
          name="socialLinks"
          rows={3}
          hint="One https:// link per line"
          value={values.socialLinks}
          onChange={set('socialLinks')}
          error={errors.socialLinks}
        />
        <div className="actions">
          <button type="submit">Save changes</button>
        </div>
      </form>
      <section className="danger" aria-labelledby="danger-title">
        <h3 id="danger-title">Delete this store</h3>
        <p>
          Deleting removes its products, orders, OAuth apps and public tokens. Their tokens stop working at
          once.
        </p>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete store
        </button>
      </section>
      <Dialog title={`Delete ${store.name}?`} open={deleting} onClose={() => setDeleting(false)}>
        <p>This cannot be undone. Type the store's name to confirm.</p>
        <Field label="Store name" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoFocus />
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setDeleting(false)}>
            Cancel
          </button>
          <button type="button" className="danger" disabled={confirm !== store.name} onClick={remove}>
            Delete permanently
          </button>
        </div>
      </Dialog>
    </section>
  );
}
