import { ComponentProps, FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Store, StorePatch } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe, fieldErrors, FieldErrors } from '../api';
import { Dialog } from '../ui/Dialog';
import { phonesOrRefuse, useFocusFirstInvalid } from '../forms';
import { Field } from '../ui/Field';
import { ErrorMessage, Status } from '../ui/misc';
import { attention, CountrySelect, DescriptionField, RequiredNote, storeFields } from '../ui/StoreForm';
import { SocialLinksField } from '../ui/SocialLinksField';
import { gstApplies } from '../ui/region';
import { useStepUp } from '../ui/StepUp';
import { BrandingImages, useBrandingUploads } from '../ui/BrandingImages';
import { useStore } from './StorePage';

const TEXT_FIELDS: [keyof Store & string, string, boolean][] = [
  ['name', 'Name', true],
  // (v1.4) The currency new products take when created without one.
  ['currencyCode', 'Currency', true],
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

const PHONES = new Set(['mobile', 'landline', 'whatsappNumber']);
const REQUIRED = new Set([
  ...TEXT_FIELDS.filter(([, , required]) => required).map(([k]) => k),
  ...ADDRESS.filter(([k]) => k !== 'line2').map(([k]) => `address.${k}`),
]);

function initial(store: Store): Record<string, string> {
  const v: Record<string, string> = {
    description: store.description ?? '',
    socialLinks: store.socialLinks.join('\n'),
  };
  for (const [k] of TEXT_FIELDS) v[k] = (store[k] as string | null) ?? '';
  for (const [k] of ADDRESS) v[`address.${k}`] = (store.address?.[k as 'line1'] as string | null) ?? '';
  return v;
}

/**
 * Store settings (PUT with the fields that changed; owner and admins) and, for the owner only, requiring
 * two-factor authentication of the members and deletion with a typed confirmation (both ask Confirm it's
 * you when the session has not verified a factor lately).
 */
export function Settings() {
  const { store, setStore, can } = useStore();
  const navigate = useNavigate();
  const [values, setValues] = useState(() => initial(store));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [confirm, setConfirm] = useState('');
  // (v1.4) Images uploaded for the branding, sent as media ids by "Save changes".
  const uploads = useBrandingUploads(store.id, undefined, () => setSaved(false));
  const [twoFactor, setTwoFactor] = useState<{ busy: boolean; error: string | null; needsFactor: boolean }>({
    busy: false,
    error: null,
    needsFactor: false,
  });
  const stepUp = useStepUp();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  const before = initial(store);
  const set = (name: string) => (e: { target: { value: string } }) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: e.target.value }));
  };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const patch: Record<string, unknown> = {};
    const phones: Record<string, string> = {};
    for (const [k, , required] of TEXT_FIELDS)
      if (values[k] !== before[k]) {
        const text = k === 'currencyCode' ? values[k].trim().toUpperCase() : values[k].trim();
        if (text && PHONES.has(k)) phones[k] = text;
        else patch[k] = text ? text : required ? '' : null;
      }
    // A GST number typed and then hidden (the Country changed from India) is not sent.
    if (!gstApplies(values['address.country'])) delete patch.gstNumber;
    if (values.description !== before.description) patch.description = values.description.trim() || null;
    const links = values.socialLinks.split(/\s+/).filter(Boolean);
    if (values.socialLinks !== before.socialLinks) patch.socialLinks = links;
    // An uploaded image goes as its media id, in place of the URL field.
    uploads.apply(patch, values);
    if (ADDRESS.some(([k]) => values[`address.${k}`] !== before[`address.${k}`])) {
      patch.address = Object.fromEntries(
        ADDRESS.map(([k]) => [k, values[`address.${k}`].trim() || (k === 'line2' ? null : '')]),
      );
    }
    setError(null);
    setErrors({});
    setSaved(false);
    setBusy(true);
    try {
      // Phone numbers are read in the Country of this same form (a number without its country code
      // and no country chosen is refused here, at its field).
      Object.assign(patch, await phonesOrRefuse(phones, values['address.country']));
      await account.stores.update(store.id, patch as StorePatch);
      // Read the store back: its onboarding state (which stages count as filled) is the server's to say.
      const updated = await account.stores.get(store.id);
      setStore(updated);
      setValues(initial(updated));
      uploads.clear();
      setSaved(true);
    } catch (err) {
      const byField = fieldErrors(err, { links, store: true });
      setErrors(byField);
      setError(attention(byField, err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setDeleting(false);
    try {
      await stepUp.run(async () => {
        await account.stores.delete(store.id);
        void navigate('/', { replace: true });
      });
    } catch (err) {
      setError(describe(err));
    }
  };

  /** Turns requireTwoFactor on or off at once (the owner's own factor is needed: 409 explains). */
  const requireTwoFactor = async (on: boolean) => {
    setTwoFactor({ busy: true, error: null, needsFactor: false });
    try {
      await stepUp.run(async () => {
        const updated = await account.stores.update(store.id, { requireTwoFactor: on });
        setStore(updated);
      });
      setTwoFactor({ busy: false, error: null, needsFactor: false });
    } catch (err) {
      const needsFactor = err instanceof ApiError && err.code === 'two_factor_required';
      setTwoFactor({ busy: false, error: describe(err), needsFactor });
    }
  };

  const anyField = storeFields(values, errors, set);
  const field = (name: string, label: string, extra: Partial<ComponentProps<typeof Field>> = {}) =>
    anyField(name, label, { required: REQUIRED.has(name), ...extra });
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form ref={form} onSubmit={save} noValidate>
        <RequiredNote />
        <fieldset>
          <legend>Basics</legend>
          {field('name', 'Name')}
          {field('currencyCode', 'Currency', {
            hint: 'ISO 4217 code, e.g. USD; products created without a currency take it',
            maxLength: 3,
            autoCapitalize: 'characters',
            spellCheck: false,
          })}
          <DescriptionField
            value={values.description}
            onChange={set('description')}
            error={errors.description}
          />
        </fieldset>
        <fieldset>
          <legend>Branding</legend>
          <BrandingImages
            store={store}
            uploads={uploads}
            values={values}
            errors={errors}
            set={set}
            required
            savedWith="Save changes"
          />
        </fieldset>
        <fieldset className="grid-2">
          <legend>Contact and address</legend>
          {field('mobile', 'Mobile', {
            type: 'tel',
            hint: 'With its country code, e.g. +1 415 555 2671, or as you dial it in the Country below',
          })}
          {field('landline', 'Landline', { type: 'tel' })}
          {field('supportEmail', 'Support email', { type: 'email' })}
          {field('whatsappNumber', 'WhatsApp number', { type: 'tel' })}
          {ADDRESS.filter(([k]) => k !== 'country').map(([k, label]) => field(`address.${k}`, label))}
          <CountrySelect
            value={values['address.country']}
            onChange={set('address.country')}
            error={errors['address.country']}
          />
          {field('region', 'Region')}
          {/* India's GSTIN: shown only while the Country chosen is India (a hidden field is not sent). */}
          {gstApplies(values['address.country']) && field('gstNumber', 'GST number')}
        </fieldset>
        <fieldset>
          <legend>Social links</legend>
          <SocialLinksField
            rows={3}
            hint="One https:// link per line"
            value={values.socialLinks}
            onChange={set('socialLinks')}
            error={errors.socialLinks}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={busy || uploads.uploading !== null}>
            Save changes
          </button>
          {saved && <Status>Saved.</Status>}
        </div>
        <ErrorMessage>{error}</ErrorMessage>
      </form>
      {can('owner') && (
        <section aria-labelledby="two-factor-title">
          <h3 id="two-factor-title">Two-factor authentication</h3>
          <label className="check">
            <input
              type="checkbox"
              checked={store.requireTwoFactor}
              disabled={twoFactor.busy}
              onChange={(e) => void requireTwoFactor(e.target.checked)}
            />{' '}
            Require two-factor authentication for members
          </label>
          <p className="hint">
            Members without an authenticator app or a passkey cannot open this store until they add one under
            Security.
          </p>
          <ErrorMessage>{twoFactor.error}</ErrorMessage>
          {twoFactor.needsFactor && (
            <p>
              <Link to="/security">Add a second factor under Security</Link>, then turn this on.
            </p>
          )}
        </section>
      )}
      {can('owner') && (
        <section className="danger" aria-labelledby="danger-title">
          <h3 id="danger-title">Delete this store</h3>
          <p>
            Deleting removes its products, orders, members, OAuth apps and public tokens. Their tokens stop
            working at once.
          </p>
          <button type="button" className="danger" onClick={() => setDeleting(true)}>
            Delete store
          </button>
        </section>
      )}
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
