import { FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Store } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe, fieldErrors, FieldErrors } from '../api';
import { Field, TextArea } from '../ui/Field';
import { ErrorMessage, Status } from '../ui/misc';

const STAGES = ['Basics', 'Branding', 'Contact and address', 'Social links', 'Complete'];

type Values = Record<string, string>;

function valuesOf(store: Store | null): Values {
  const a = store?.address;
  return {
    name: store?.name ?? '',
    description: store?.description ?? '',
    faviconUrl: store?.faviconUrl ?? '',
    logoBlackWhiteUrl: store?.logoBlackWhiteUrl ?? '',
    logoColorUrl: store?.logoColorUrl ?? '',
    mobile: store?.mobile ?? '',
    landline: store?.landline ?? '',
    supportEmail: store?.supportEmail ?? '',
    whatsappNumber: store?.whatsappNumber ?? '',
    'address.line1': a?.line1 ?? '',
    'address.line2': a?.line2 ?? '',
    'address.city': a?.city ?? '',
    'address.state': a?.state ?? '',
    'address.postalCode': a?.postalCode ?? '',
    'address.country': a?.country ?? '',
    region: store?.region ?? '',
    gstNumber: store?.gstNumber ?? '',
    socialLinks: (store?.socialLinks ?? []).join('\n'),
  };
}

const optional = (v: string) => (v.trim() ? v.trim() : null);

/** The onboarding wizard: stage 1 creates the store, stages 2–4 fill it, then Complete setup. */
export function Wizard() {
  const { storeId } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [store, setStore] = useState<Store | null>(null);
  const [values, setValues] = useState<Values>(valuesOf(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!storeId) return;
    account.stores.get(storeId).then(
      (s) => {
        setStore(s);
        setValues(valuesOf(s));
      },
      (e: unknown) => setError(describe(e)),
    );
  }, [storeId]);

  const asked = Number(search.get('stage'));
  const stage = !storeId
    ? 1
    : asked >= 1 && asked <= 5
      ? asked
      : store
        ? (store.onboarding.nextStage ?? 5)
        : 0;

  useEffect(() => {
    heading.current?.focus();
  }, [stage]);

  const goTo = (next: number, id = storeId) => {
    setErrors({});
    if (id && id !== storeId) navigate(`/stores/${id}/setup?stage=${next}`);
    else setSearch({ stage: String(next) });
  };

  const set = (name: string) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      {...extra}
    />
  );

  const run = async (call: () => Promise<Store>, next: number) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    setErrors({});
    try {
      const saved = await call();
      setStore(saved);
      if (saved.status === 'active') navigate(`/stores/${saved.id}`, { state: { created: true } });
      else goTo(next, saved.id);
    } catch (e) {
      if (
        e instanceof ApiError &&
        (e.code === 'onboarding_out_of_order' || e.code === 'onboarding_incomplete')
      ) {
        const missing = Number(
          e.problem.missingStage ?? (e.problem.missingStages as number[] | undefined)?.[0],
        );
        setNotice(`Step ${missing} (${STAGES[missing - 1]}) needs to be filled in first.`);
        goTo(missing);
      } else if (e instanceof ApiError && e.code === 'onboarding_completed' && storeId) {
        navigate(`/stores/${storeId}`);
      } else {
        const byField = fieldErrors(e);
        // socialLinks.2 → the Social links box
        for (const key of Object.keys(byField))
          if (key.startsWith('socialLinks.')) byField.socialLinks ??= byField[key];
        setErrors(byField);
        setError(Object.keys(byField).length ? 'Please correct the fields marked below.' : describe(e));
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = values;
    if (stage === 1) {
      if (storeId)
        return run(
          () => account.stores.update(storeId, { name: v.name, description: optional(v.description) }),
          2,
        );
      return run(() => account.stores.create({ name: v.name, description: optional(v.description) }), 2);
    }
    if (!storeId) return;
    if (stage === 2)
      return run(
        () =>
          account.stores.stage2(storeId, {
            faviconUrl: v.faviconUrl.trim(),
            logoBlackWhiteUrl: v.logoBlackWhiteUrl.trim(),
            logoColorUrl: v.logoColorUrl.trim(),
          }),
        3,
      );
    if (stage === 3)
      return run(
        () =>
          account.stores.stage3(storeId, {
            mobile: v.mobile.trim(),
            landline: optional(v.landline),
            supportEmail: v.supportEmail.trim(),
            whatsappNumber: optional(v.whatsappNumber),
            address: {
              line1: v['address.line1'].trim(),
              line2: optional(v['address.line2']),
              city: v['address.city'].trim(),
              state: v['address.state'].trim(),
              postalCode: v['address.postalCode'].trim(),
              country: v['address.country'].trim().toUpperCase(),
            },
            region: v.region.trim(),
            gstNumber: optional(v.gstNumber),
          }),
        4,
      );
    if (stage === 4)
      return run(
        () =>
          account.stores.stage4(storeId, {
            socialLinks: v.socialLinks
              .split(/\s+/)
              .map((s) => s.trim())
              .filter(Boolean),
          }),
        5,
      );
    return run(() => account.stores.complete(storeId), 5);
  };

  if (storeId && !store && !error) return <p aria-busy="true">Loading…</p>;

  return (
    <main id="main" className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {store ? `Set up ${store.name}` : 'New store'}
      </h1>
      <ol className="steps" aria-label="Setup steps">
        {STAGES.map((label, i) => {
          const n = i + 1;
          const done = n <= 4 ? store?.onboarding.completedStages.includes(n) : store?.status === 'active';
          return (
            <li
              key={label}
              className={n === stage ? 'current' : done ? 'done' : ''}
              aria-current={n === stage ? 'step' : undefined}
            >
              {storeId && n > 1 ? (
                <button type="button" className="link" onClick={() => goTo(n)}>
                  {label}
                </button>
              ) : (
                <span>{label}</span>
              )}
              {done && <span className="visually-hidden"> (done)</span>}
            </li>
          );
        })}
      </ol>
      {notice && <Status>{notice}</Status>}
      <ErrorMessage>{error}</ErrorMessage>
      <form onSubmit={submit} noValidate className="stack">
        {stage === 1 && (
          <>
            {field('name', 'Name', { required: true, maxLength: 100, autoFocus: true })}
            <TextArea
              label="Description"
              name="description"
              value={values.description}
              onChange={set('description')}
              error={errors.description}
              rows={3}
            />
          </>
        )}
        {stage === 2 && (
          <>
            {field('faviconUrl', 'Favicon URL', { type: 'url', required: true, placeholder: 'https://' })}
            {field('logoBlackWhiteUrl', 'Black and white logo URL', {
              type: 'url',
              required: true,
              placeholder: 'https://',
            })}
            {field('logoColorUrl', 'Colour logo URL', {
              type: 'url',
              required: true,
              placeholder: 'https://',
            })}
          </>
        )}
        {stage === 3 && (
          <>
            <fieldset>
              <legend>Contact</legend>
              {field('mobile', 'Mobile', {
                type: 'tel',
                required: true,
                placeholder: '+919876543210',
                hint: 'International format, e.g. +919876543210',
              })}
              {field('landline', 'Landline', { type: 'tel' })}
              {field('supportEmail', 'Support email', { type: 'email', required: true })}
              {field('whatsappNumber', 'WhatsApp number', { type: 'tel' })}
            </fieldset>
            <fieldset>
              <legend>Address</legend>
              {field('address.line1', 'Address line 1', { required: true, autoComplete: 'address-line1' })}
              {field('address.line2', 'Address line 2', { autoComplete: 'address-line2' })}
              {field('address.city', 'City', { required: true, autoComplete: 'address-level2' })}
              {field('address.state', 'State', { required: true, autoComplete: 'address-level1' })}
              {field('address.postalCode', 'Postal code', { required: true, autoComplete: 'postal-code' })}
              {field('address.country', 'Country', {
                required: true,
                maxLength: 2,
                hint: 'Two-letter ISO code, e.g. IN',
                autoComplete: 'country',
              })}
              {field('region', 'Region', { required: true })}
            </fieldset>
            {field('gstNumber', 'GST number', { hint: '15 characters, optional' })}
          </>
        )}
        {stage === 4 && (
          <TextArea
            label="Social links"
            name="socialLinks"
            rows={4}
            hint="One https:// link per line (up to 10); leave empty if you have none."
            value={values.socialLinks}
            onChange={set('socialLinks')}
            error={errors.socialLinks}
          />
        )}
        {stage === 5 ? (
          <>
            <p>All four steps are filled in. Completing the setup makes the store active.</p>
            <button type="submit" disabled={busy}>
              Complete setup
            </button>
          </>
        ) : (
          stage > 0 && (
            <button type="submit" disabled={busy}>
              Continue
            </button>
          )
        )}
      </form>
    </main>
  );
}
