import { FormEvent, useEffect, useState } from 'react';
import { APP_EVENT_TYPES, APP_SCOPES } from '@storefront-platform/sdk/browser';
import type { AppInstallation, DeveloperApp, DeveloperAppInput } from '@storefront-platform/sdk/browser';
import { account, attention, describe, fieldErrors, FieldErrors } from '../api';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { CheckboxGroup, Field, TextArea } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { CopyButton, ErrorMessage, formatDate, Loading } from '../ui/misc';
import { useStepUp } from '../ui/StepUp';
import { describeScope } from '../ui/scopes';
import { ItemActions } from '../ui/Table';

/** The scopes an app may ask for, and the store events it may receive (each needs a read scope it asks for). */
const SCOPES = APP_SCOPES;
type Scope = (typeof SCOPES)[number];
const EVENTS = APP_EVENT_TYPES;
type AppEvent = (typeof EVENTS)[number];

/** Unbroken strings (ids, URLs, secrets) wrap anywhere rather than push a phone's page sideways. */
const WRAP = { overflowWrap: 'anywhere' as const, wordBreak: 'break-word' as const };

interface Issued {
  title: string;
  secrets: { label: string; value: string; copy: string }[];
}

/**
 * Installable apps the account registered (§13 Registration): any signed-in account is a developer of
 * its apps. New app (name, redirect URIs, scopes, homepage, webhook URL and events), both secrets shown
 * once with copy buttons, rotation of each, deletion, and each app's installations.
 */
export function DeveloperApps() {
  const [apps, setApps] = useState<DeveloperApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [pending, setPending] = useState<{
    app: DeveloperApp;
    action: 'rotate' | 'rotate-webhook' | 'delete';
  } | null>(null);
  const [installs, setInstalls] = useState<Record<string, AppInstallation[]>>({});
  const stepUp = useStepUp();

  const load = () => {
    setError(null);
    account.developerApps.list().then(setApps, (e: unknown) => setError(describe(e)));
  };
  useEffect(load, []);

  const showInstallations = (app: DeveloperApp) =>
    account.developerApps.installations(app.id).then(
      (list) => setInstalls((all) => ({ ...all, [app.id]: list })),
      (e: unknown) => setError(describe(e)),
    );

  const act = async () => {
    const chosen = pending;
    setPending(null);
    if (!chosen) return;
    try {
      await stepUp.run(() => carryOut(chosen));
    } catch (e) {
      setError(describe(e));
    }
  };

  /** The confirmed action; deleting an app and rotating its secrets ask Confirm it's you first. */
  const carryOut = async (chosen: NonNullable<typeof pending>) => {
    if (chosen.action === 'delete') await account.developerApps.delete(chosen.app.id);
    if (chosen.action === 'rotate') {
      const rotated = await account.developerApps.rotateSecret(chosen.app.id);
      setIssued({
        title: `New client secret of ${rotated.name}`,
        secrets: [{ label: 'Client secret', value: rotated.clientSecret, copy: 'Copy client secret' }],
      });
    }
    if (chosen.action === 'rotate-webhook') {
      const rotated = await account.developerApps.rotateWebhookSecret(chosen.app.id);
      setIssued({
        title: `New webhook secret of ${rotated.name}`,
        secrets: [{ label: 'Webhook secret', value: rotated.webhookSecret, copy: 'Copy webhook secret' }],
      });
    }
    load();
  };

  return (
    <main id="main">
      <div className="page-head">
        <h1>Developer apps</h1>
        <button type="button" onClick={() => setFormOpen(true)}>
          New app
        </button>
      </div>
      <p className="muted">
        Apps you build once and any store can install, choosing what they may do. Send a store’s owner to the
        authorization endpoint with your client id; they install it on a consent page.
      </p>
      <ErrorMessage onRetry={apps === null ? load : undefined}>{error}</ErrorMessage>
      {apps === null && !error && <Loading what="Loading your apps…" />}
      {apps?.length === 0 && <p>You have not registered an app yet.</p>}
      {apps && apps.length > 0 && (
        <ul className="cards" aria-label="Your apps">
          {apps.map((app) => (
            <li key={app.id} className="card">
              <h2 className="wrap">{app.name}</h2>
              <dl>
                <dt>Client id</dt>
                <dd>
                  <code style={WRAP}>{app.clientId}</code>
                </dd>
                <dt>Client secret</dt>
                <dd>
                  <code aria-label={`Client secret ending in ${app.secretHint}`}>
                    sfs_••••{app.secretHint}
                  </code>
                </dd>
                <dt>Redirect URIs</dt>
                <dd style={WRAP}>{app.redirectUris.join(', ')}</dd>
                <dt>Scopes</dt>
                <dd>{app.scopes.map(describeScope).join(' ')}</dd>
                <dt>Webhooks</dt>
                <dd style={WRAP}>
                  {app.webhookUrl
                    ? `${app.webhookUrl} (${app.webhookEvents.join(', ') || 'app.uninstalled only'})`
                    : 'None'}
                </dd>
                <dt>Installed in</dt>
                <dd>{app.installCount === 1 ? '1 store' : `${app.installCount} stores`}</dd>
              </dl>
              <ItemActions
                item={app.name}
                actions={[
                  { label: 'Installations', onClick: () => void showInstallations(app) },
                  { label: 'Rotate secret', onClick: () => setPending({ app, action: 'rotate' }) },
                  {
                    label: 'Rotate webhook secret',
                    onClick: () => setPending({ app, action: 'rotate-webhook' }),
                  },
                  { label: 'Delete', danger: true, onClick: () => setPending({ app, action: 'delete' }) },
                ]}
              />
              {installs[app.id] && (
                <section aria-label={`Installations of ${app.name}`}>
                  {installs[app.id].length === 0 ? (
                    <p>No store has installed it yet.</p>
                  ) : (
                    <ul>
                      {installs[app.id].map((i) => (
                        <li key={i.id} className="wrap">
                          {i.storeName}: {i.scopes.join(', ')}, since {formatDate(i.installedAt)}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewAppDialog
        open={formOpen}
        onClose={() => setFormOpen(false)}
        onCreated={(created) => {
          setFormOpen(false);
          setIssued({
            title: `${created.name} is registered`,
            secrets: [
              { label: 'Client secret', value: created.clientSecret, copy: 'Copy client secret' },
              { label: 'Webhook secret', value: created.webhookSecret, copy: 'Copy webhook secret' },
            ],
          });
          load();
        }}
      />
      <Dialog title={issued?.title ?? ''} open={issued !== null} onClose={() => setIssued(null)}>
        <p className="warning" role="alert">
          Copy {issued && issued.secrets.length > 1 ? 'these secrets' : 'this secret'} now:{' '}
          {issued && issued.secrets.length > 1 ? 'they are' : 'it is'} shown only this once.
        </p>
        {issued?.secrets.map((secret) => (
          <div key={secret.label} className="stack">
            <p>
              {secret.label}:{' '}
              <code
                className="secret"
                style={WRAP}
                data-testid={secret.label === 'Client secret' ? 'client-secret' : 'webhook-secret'}
              >
                {secret.value}
              </code>
            </p>
            <div className="actions">
              <CopyButton text={secret.value} label={secret.copy} />
            </div>
          </div>
        ))}
        <div className="actions">
          <button type="button" onClick={() => setIssued(null)} autoFocus>
            Done
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        title={
          pending?.action === 'delete'
            ? `Delete ${pending.app.name}?`
            : pending?.action === 'rotate'
              ? `Rotate the client secret of ${pending.app.name}?`
              : `Rotate the webhook secret of ${pending?.app.name ?? ''}?`
        }
        open={pending !== null}
        onCancel={() => setPending(null)}
        confirm={pending?.action === 'delete' ? 'Delete app' : 'Rotate'}
        onConfirm={() => void act()}
      >
        <p>
          {pending?.action === 'delete'
            ? 'Every store that installed it loses it at once, as if each had uninstalled it.'
            : pending?.action === 'rotate'
              ? 'The current secret and every access token stop working at once; refresh tokens keep working with the new secret.'
              : 'Deliveries carry a signature with each secret for 24 hours, so your app can switch at its pace.'}
        </p>
      </ConfirmDialog>
    </main>
  );
}

type Created = Awaited<ReturnType<typeof account.developerApps.create>>;

function NewAppDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(app: Created): void;
}) {
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['store:read', 'products:read']);
  const [homepage, setHomepage] = useState('');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [events, setEvents] = useState<AppEvent[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const body: DeveloperAppInput = {
      name,
      redirectUris: uris
        .split(/\s+/)
        .map((u) => u.trim())
        .filter(Boolean),
      scopes,
      ...(homepage.trim() ? { homepageUrl: homepage.trim() } : {}),
      ...(webhookUrl.trim() ? { webhookUrl: webhookUrl.trim(), webhookEvents: events } : {}),
    };
    try {
      onCreated(await account.developerApps.create(body));
      setName('');
      setUris('');
      setHomepage('');
      setWebhookUrl('');
      setEvents([]);
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setError(attention(byField, err));
    }
  };

  return (
    <Dialog title="New app" open={open} onClose={onClose}>
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <ErrorMessage>{error}</ErrorMessage>
        <Field
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
          maxChars={100}
        />
        <TextArea
          label="Redirect URIs"
          hint="One per line: https://, or http://localhost for development."
          value={uris}
          onChange={(e) => setUris(e.target.value)}
          error={errors.redirectUris}
          required
        />
        <CheckboxGroup
          legend="Scopes"
          options={SCOPES}
          value={scopes}
          onChange={setScopes}
          error={errors.scopes}
          errorId="new-app-scopes-error"
        />
        <Field
          label="Homepage URL"
          value={homepage}
          onChange={(e) => setHomepage(e.target.value)}
          error={errors.homepageUrl}
        />
        <Field
          label="Webhook URL"
          value={webhookUrl}
          onChange={(e) => setWebhookUrl(e.target.value)}
          error={errors.webhookUrl}
        />
        <CheckboxGroup
          legend="Webhook events"
          options={EVENTS}
          value={events}
          onChange={setEvents}
          error={errors.webhookEvents}
          errorId="new-app-events-error"
        />
        <FormActions submit="Register app" disabled={!name.trim()} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
