import { FormEvent, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Store } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe, fieldErrors, FieldErrors } from '../api';
import { phonesOrRefuse, useFocusFirstInvalid } from '../forms';
import { ErrorMessage, Loading, Status } from '../ui/misc';
import { BrandingImages, useBrandingUploads } from '../ui/BrandingImages';
import { attention, CountrySelect, DescriptionField, RequiredNote, storeFields } from '../ui/StoreForm';
import { SocialLinksField } from '../ui/SocialLinksField';
import { gstApplies } from '../ui/region';
import { NextSteps } from './Home';

const STAGES = ['Basics', 'Branding', 'Contact and address', 'Social links', 'Complete'];

/** The fields each stage sends (its draft in sessionStorage holds these). */
const STAGE_FIELDS: Record<number, string[]> = {
  1: ['name', 'description'],
  2: ['faviconUrl', 'logoBlackWhiteUrl', 'logoColorUrl'],
  3: [
    'mobile',
    'landline',
    'supportEmail',
    'whatsappNumber',
    'address.line1',
    'address.line2',
    'address.city',
    'address.state',
    'address.postalCode',
    'address.country',
    'region',
    'gstNumber',
  ],
  4: ['socialLinks'],
};

type Values = Record<string, string>;

export function storeValues(store: Store | null): Values {
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
const linksOf = (text: string) =>
  text
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

// What was typed in a stage survives a reload: kept per store and stage in sessionStorage (this tab only),
// dropped once the stage is saved.
const draftKey = (storeId: string | undefined, stage: number) => `console.draft.${storeId ?? 'new'}.${stage}`;
function readDraft(storeId: string | undefined, stage: number): Values {
  try {
    return JSON.parse(window.sessionStorage.getItem(draftKey(storeId, stage)) ?? '{}') as Values;
  } catch {
    return {};
  }
}
const dropDraft = (storeId: string | undefined, stage: number) =>
  window.sessionStorage.removeItem(draftKey(storeId, stage));

/** The onboarding wizard: stage 1 creates the store, stages 2–4 fill it, then Complete setup. */
export function Wizard() {
  const { storeId } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [store, setStore] = useState<Store | null>(null);
  const [values, setValues] = useState<Values>(() => ({ ...storeValues(null), ...readDraft(undefined, 1) }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [finished, setFinished] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, errors);
  // (v1.4) Stage 2's files, uploaded at once and sent as media ids by Continue; kept with the stage's draft.
  const uploads = useBrandingUploads(storeId ?? '', `${draftKey(storeId, 2)}.uploads`);

  const load = () => {
    if (!storeId) return;
    setLoadError(null);
    account.stores.get(storeId).then(
      (s) => {
        setStore(s);
        // The store's saved values, with whatever was typed (and not yet saved) in each stage on top.
        const drafts = [1, 2, 3, 4].reduce<Values>((all, n) => ({ ...all, ...readDraft(storeId, n) }), {});
        setValues({ ...storeValues(s), ...drafts });
      },
      (e: unknown) => setLoadError(describe(e)),
    );
  };
  useEffect(load, [storeId]);

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
  }, [stage, finished]);

  const goTo = (next: number, id = storeId) => {
    setErrors({});
    setError(null);
    if (id && id !== storeId) void navigate(`/stores/${id}/setup?stage=${next}`);
    else setSearch({ stage: String(next) });
  };

  const set = (name: string) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    const owner = Number(Object.keys(STAGE_FIELDS).find((n) => STAGE_FIELDS[Number(n)].includes(name)));
    const draft = { ...readDraft(storeId, owner), [name]: value };
    window.sessionStorage.setItem(draftKey(storeId, owner), JSON.stringify(draft));
  };

  const field = storeFields(values, errors, set);

  const run = async (call: () => Promise<Store>, next: number, links: string[] = []) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    setErrors({});
    try {
      const saved = await call();
      setStore(saved);
      dropDraft(stage === 1 && !storeId ? undefined : saved.id, stage);
      if (stage === 2) {
        // The uploads are the store's now: its fields show the saved images' addresses.
        uploads.clear();
        const fresh = storeValues(saved);
        setValues((v) => ({ ...v, ...Object.fromEntries(STAGE_FIELDS[2].map((k) => [k, fresh[k]])) }));
      }
      if (saved.status === 'active') setFinished(true);
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
        void navigate(`/stores/${storeId}`);
      } else {
        const byField = fieldErrors(e, { links, store: true });
        setErrors(byField);
        setError(attention(byField, e));
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
          () => account.stores.update(storeId, { name: v.name.trim(), description: optional(v.description) }),
          2,
        );
      return run(
        () => account.stores.create({ name: v.name.trim(), description: optional(v.description) }),
        2,
      );
    }
    if (!storeId) return;
    if (stage === 2) {
      // An image left empty is not sent: the server says it is required (not that '' is no https URL).
      const body: Record<string, unknown> = Object.fromEntries(
        STAGE_FIELDS[2].filter((k) => v[k].trim()).map((k) => [k, v[k].trim()]),
      );
      // A file uploaded gives its image as a media id; so does a stage saved before with an upload.
      if (store) uploads.apply(body, v, store);
      return run(() => account.stores.stage2(storeId, body), 3);
    }
    if (stage === 3) {
      const landline = optional(v.landline);
      const whatsapp = optional(v.whatsappNumber);
      return run(async () => {
        // Read in the Country of this same form; refused here, at their fields, when none is chosen
        // and a number has no country code.
        const phones = await phonesOrRefuse(
          {
            mobile: v.mobile,
            ...(landline ? { landline } : {}),
            ...(whatsapp ? { whatsappNumber: whatsapp } : {}),
          },
          v['address.country'],
        );
        return account.stores.stage3(storeId, {
          mobile: phones.mobile,
          landline: landline && phones.landline,
          whatsappNumber: whatsapp && phones.whatsappNumber,
          supportEmail: v.supportEmail.trim(),
          address: {
            line1: v['address.line1'].trim(),
            line2: optional(v['address.line2']),
            city: v['address.city'].trim(),
            state: v['address.state'].trim(),
            postalCode: v['address.postalCode'].trim(),
            country: v['address.country'],
          },
          region: v.region.trim(),
          // Only a store in India has a GSTIN: elsewhere the field is not shown, and nothing is kept.
          gstNumber: gstApplies(v['address.country']) ? optional(v.gstNumber) : null,
        });
      }, 4);
    }
    if (stage === 4) {
      const links = linksOf(v.socialLinks);
      return run(() => account.stores.stage4(storeId, { socialLinks: links }), 5, links);
    }
    return run(() => account.stores.complete(storeId), 5);
  };

  if (loadError)
    return (
      <main id="main" className="narrow">
        <h1>Store setup</h1>
        <ErrorMessage onRetry={load}>{loadError}</ErrorMessage>
      </main>
    );
  if (storeId && !store) return <Loading what="Loading the store…" />;

  if (finished && store) {
    const base = `/stores/${store.id}`;
    return (
      <main id="main" className="narrow">
        <h1 ref={heading} tabIndex={-1}>
          {store.name} is live
        </h1>
        <Status>Setup complete: the store is active.</Status>
        <h2>What to do next</h2>
        <NextSteps base={base}>
          <Link to={`${base}/products`}>Add products</Link>, here or from your own systems through an OAuth
          app (<Link to={`${base}/apps`}>OAuth apps</Link>).
        </NextSteps>
        <p>
          <Link className="button" to={base}>
            Go to {store.name}
          </Link>
        </p>
      </main>
    );
  }
  // An active store has nothing left to set up: its settings instead.
  if (store?.status === 'active') return <Navigate to={`/stores/${store.id}`} replace />;

  const completed = store?.onboarding.completedStages ?? [];
  const missing = [1, 2, 3, 4].filter((n) => !completed.includes(n));

  return (
    <main id="main" className="narrow">
      <h1 ref={heading} tabIndex={-1}>
        {store ? `Set up ${store.name}` : 'New store'}
      </h1>
      <ol className="steps" aria-label="Setup steps">
        {STAGES.map((label, i) => {
          const n = i + 1;
          const done = n <= 4 ? completed.includes(n) : false;
          return (
            <li
              key={label}
              className={n === stage ? 'current' : done ? 'done' : ''}
              aria-current={n === stage ? 'step' : undefined}
            >
              {storeId && n !== stage ? (
                <button type="button" className="link" onClick={() => goTo(n)}>
                  {label}
                  {done && <span className="visually-hidden"> (done)</span>}
                </button>
              ) : (
                <span>
                  {label}
                  {done && <span className="visually-hidden"> (done)</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {notice && <Status>{notice}</Status>}
      <form ref={form} onSubmit={submit} noValidate className="stack">
        {stage >= 1 && stage <= 4 && <RequiredNote />}
        {stage === 1 && (
          <>
            {field('name', 'Name', { required: true, autoFocus: true })}
            <DescriptionField
              value={values.description}
              onChange={set('description')}
              error={errors.description}
            />
          </>
        )}
        {stage === 2 && store && (
          <BrandingImages
            store={store}
            uploads={uploads}
            values={values}
            errors={errors}
            set={set}
            required
            savedWith="Continue"
          />
        )}
        {stage === 3 && (
          <>
            <fieldset>
              <legend>Contact</legend>
              {field('mobile', 'Mobile', {
                type: 'tel',
                required: true,
                autoComplete: 'tel',
                hint: 'With its country code, e.g. +1 415 555 2671, or as you dial it in the Country chosen below',
              })}
              {field('landline', 'Landline', { type: 'tel', hint: 'Read like the mobile' })}
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
              <CountrySelect
                autoComplete="country"
                value={values['address.country']}
                onChange={set('address.country')}
                error={errors['address.country']}
              />
              {field('region', 'Region', { required: true, hint: 'Your sales region, e.g. West Coast' })}
            </fieldset>
            {gstApplies(values['address.country']) &&
              field('gstNumber', 'GST number', { hint: 'Your GSTIN, 15 characters, optional' })}
          </>
        )}
        {stage === 4 && (
          <SocialLinksField
            rows={4}
            hint="One https:// link per line (up to 10); leave empty if you have none."
            value={values.socialLinks}
            onChange={set('socialLinks')}
            error={errors.socialLinks}
          />
        )}
        {stage === 5 &&
          (missing.length === 0 ? (
            <p>All four steps are filled in. Completing the setup makes the store active.</p>
          ) : (
            <div>
              <p>
                {missing.length === 1 ? 'One step is' : `${missing.length} steps are`} still to fill in before
                the store can go live:
              </p>
              <ul>
                {missing.map((n) => (
                  <li key={n}>
                    <button type="button" className="link" onClick={() => goTo(n)}>
                      Step {n}: {STAGES[n - 1]}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        <div className="actions">
          {stage === 5 ? (
            <button type="submit" disabled={busy}>
              Complete setup
            </button>
          ) : (
            stage > 0 && (
              <button type="submit" disabled={busy || uploads.uploading !== null}>
                Continue
              </button>
            )
          )}
          {storeId && stage > 1 && (
            <button type="button" className="secondary" onClick={() => goTo(stage - 1)}>
              Back
            </button>
          )}
        </div>
        <ErrorMessage>{error}</ErrorMessage>
      </form>
    </main>
  );
}
