import { FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
} from '@storefront-platform/sdk/browser';
// Every event type an endpoint may subscribe to: the one list the server also checks (the order docs/events.md gives).
import { EVENT_TYPES } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { ConfirmDialog, Dialog, SecretDialog } from '../ui/Dialog';
import { CheckboxGroup, Field } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { ErrorMessage, formatDate, Loading } from '../ui/misc';
import { useStepUp } from '../ui/StepUp';
import { DataTable, RowButton } from '../ui/Table';
import { useStore } from './StorePage';

const PAGE = 10;
/** After a test event or a retry, the deliveries are re-read this often for this long (the attempt is async). */
const POLL_MS = 1000;
const POLL_FOR_MS = 20_000;

/** URLs and secrets are unbroken strings: they wrap anywhere rather than push a phone's page sideways. */
const WRAP = { overflowWrap: 'anywhere' as const, wordBreak: 'break-word' as const };

/** Why an endpoint is disabled, in words. */
function disabledWhy(endpoint: WebhookEndpoint): string {
  switch (endpoint.disabledReason) {
    case 'gone':
      return 'Disabled: the endpoint answered 410 Gone.';
    case 'failing':
      return 'Disabled after repeated failed deliveries. Fix the endpoint, send a test event, then enable it.';
    default:
      return 'Disabled by you. Nothing is sent to it until you enable it.';
  }
}

const ATTEMPT_ERRORS: Record<string, string> = {
  timeout: 'No answer in time',
  connection_error: 'Could not connect',
  blocked_address: 'Refused: a local or private address, or a name that does not resolve',
};

/** One attempt in words: "HTTP 500 in 12 ms" or "Could not connect after 3 ms". */
function attemptWords(attempt: WebhookDelivery['attempts'][number]): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode} in ${attempt.durationMs} ms`;
  return `${ATTEMPT_ERRORS[attempt.error ?? ''] ?? 'Failed'} after ${attempt.durationMs} ms`;
}

const STATUS_WORDS: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** A store's webhook endpoints: add (the signing secret shown once), test, retry, disable, rotate, delete. */
export function Webhooks() {
  const { store } = useStore();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointWithSecret; rotated: boolean } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const load = useCallback(
    () =>
      account.webhooks.list(store.id).then(
        (list) => {
          setEndpoints(list);
          setError(null);
        },
        (e: unknown) => setError(describe(e)),
      ),
    [store.id],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!deleting) return;
    const endpoint = deleting;
    setDeleting(null);
    try {
      await account.webhooks.delete(store.id, endpoint.id);
      await load();
    } catch (e) {
      setError(describe(e));
    }
  };

  return (
    <section aria-labelledby="webhooks-title">
      <div className="section-head">
        <h2 id="webhooks-title">Webhooks</h2>
        <button type="button" onClick={() => setAdding(true)}>
          Add endpoint
        </button>
      </div>
      <p className="muted">
        Your servers hear about every change to this store: each event is sent to the endpoints subscribed to
        it, signed with the endpoint’s secret, and retried until it is received.
      </p>
      <ErrorMessage onRetry={endpoints === null ? () => void load() : undefined}>{error}</ErrorMessage>
      {endpoints === null && !error && <Loading what="Loading endpoints…" />}
      {endpoints?.length === 0 && <p>No endpoints yet.</p>}
      {endpoints && endpoints.length > 0 && (
        <ul className="stack" style={{ listStyle: 'none', padding: 0 }} aria-label="Endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <Endpoint
                storeId={store.id}
                endpoint={endpoint}
                onChanged={load}
                onSecret={(e) => setSecret({ endpoint: e, rotated: true })}
                onDelete={() => setDeleting(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog title="Add endpoint" open={adding} onClose={() => setAdding(false)}>
        <AddEndpoint
          storeId={store.id}
          onCancel={() => setAdding(false)}
          onCreated={(endpoint) => {
            setAdding(false);
            setSecret({ endpoint, rotated: false });
            void load();
          }}
        />
      </Dialog>
      <SecretDialog
        title={secret?.rotated ? 'New signing secret' : 'Signing secret'}
        secret={secret?.endpoint.secret ?? null}
        copyLabel="Copy secret"
        warning={
          <>
            Copy this secret now. It is shown only this once.
            {secret?.rotated
              ? ' For the next 24 hours deliveries are signed with both the old and the new secret.'
              : ' Your server checks each delivery’s signature with it.'}
          </>
        }
        onClose={() => setSecret(null)}
      >
        <dl>
          <dt>Endpoint</dt>
          <dd>
            <code style={WRAP}>{secret?.endpoint.url}</code>
          </dd>
          <dt>Signing secret</dt>
          <dd>
            <code className="secret" style={WRAP} data-testid="webhook-secret">
              {secret?.endpoint.secret}
            </code>
          </dd>
        </dl>
      </SecretDialog>
      <ConfirmDialog
        title="Delete this endpoint?"
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        confirm="Delete endpoint"
        onConfirm={remove}
      >
        <p style={WRAP}>
          Nothing more is sent to <code>{deleting?.url}</code>, pending deliveries included, and its delivery
          history is deleted.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** The form of a new endpoint: its URL, the events it hears (or all), an optional description. */
function AddEndpoint({
  storeId,
  onCancel,
  onCreated,
}: {
  storeId: string;
  onCancel(): void;
  onCreated(endpoint: WebhookEndpointWithSecret): void;
}) {
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(false);
  const [events, setEvents] = useState<WebhookEndpointInput['events']>([]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setError(null);
    const local: FieldErrors = {};
    if (!url.trim()) local.url = 'Endpoint URL is required.';
    if (!all && events.length === 0) local.events = 'Choose at least one event, or All events.';
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setSaving(true);
    try {
      onCreated(
        await account.webhooks.create(storeId, {
          url: url.trim(),
          events: all ? ['*'] : events,
          ...(description.trim() ? { description: description.trim() } : {}),
        }),
      );
    } catch (err) {
      const found = fieldErrors(err);
      // The server names the field `url`; the page calls it Endpoint URL.
      if (found.url) found.url = found.url.replace(/^Url\b/, 'Endpoint URL');
      setErrors(found);
      if (Object.keys(found).length === 0) setError(describe(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="stack" noValidate>
      <ErrorMessage>{error}</ErrorMessage>
      <Field
        label="Endpoint URL"
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        hint="The https:// address on your server that receives the events."
        placeholder="https://example.com/webhooks"
        maxLength={2048}
        autoCapitalize="none"
        spellCheck={false}
        required
      />
      <CheckboxGroup
        legend="Events"
        options={EVENT_TYPES}
        value={all ? EVENT_TYPES : events}
        onChange={setEvents}
        disabled={all}
        error={errors.events}
        errorId="webhook-events-error"
      >
        <label className="check">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
          All events
        </label>
      </CheckboxGroup>
      <Field
        label="Description (optional)"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={500}
      />
      <FormActions submit="Save endpoint" disabled={saving} onCancel={onCancel} />
    </form>
  );
}

/** One endpoint: its state, its actions, and its deliveries newest first. */
function Endpoint({
  storeId,
  endpoint,
  onChanged,
  onSecret,
  onDelete,
}: {
  storeId: string;
  endpoint: WebhookEndpoint;
  onChanged(): Promise<unknown>;
  onSecret(endpoint: WebhookEndpointWithSecret): void;
  onDelete(): void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();
  const [pollUntil, setPollUntil] = useState(0);

  const {
    items: deliveries,
    next,
    error,
    setError,
    load: loadFirst,
    more,
  } = usePagedList(
    (after) => account.webhooks.deliveries(storeId, endpoint.id, { limit: PAGE, after }),
    [storeId, endpoint.id],
    { keepOlder: true },
  );
  // The attempt a test event or a retry starts happens on the server a moment later: re-read for a while.
  useEffect(() => {
    if (pollUntil <= Date.now()) return;
    const timer = window.setInterval(() => {
      if (Date.now() > pollUntil) window.clearInterval(timer);
      else void loadFirst();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pollUntil, loadFirst]);

  /** Runs an action; a failure is said in words above the deliveries. */
  const run = async (action: () => Promise<unknown>, poll = false) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      if (poll) setPollUntil(Date.now() + POLL_FOR_MS);
      await loadFirst();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  /** Runs an action that changes the endpoint itself, then has the list of endpoints read again. */
  const change = (action: () => Promise<unknown>) => () =>
    run(async () => {
      await action();
      await onChanged();
    });

  const events = endpoint.events.includes('*') ? 'All events' : endpoint.events.join(', ');
  return (
    <article className="card" aria-labelledby={titleId}>
      <h3 id={titleId} style={{ ...WRAP, marginTop: 0 }}>
        {endpoint.url}
      </h3>
      <p>
        {endpoint.enabled ? (
          <span className="badge badge-active" style={{ marginLeft: 0 }}>
            Enabled
          </span>
        ) : (
          <>
            <span className="badge badge-onboarding" style={{ marginLeft: 0 }}>
              Disabled
            </span>{' '}
            {disabledWhy(endpoint)}
          </>
        )}
      </p>
      <dl>
        {endpoint.description && (
          <>
            <dt>Description</dt>
            <dd>{endpoint.description}</dd>
          </>
        )}
        <dt>Events</dt>
        <dd>{events}</dd>
        <dt>Secret</dt>
        <dd>
          <code aria-label={`Secret ending in ${endpoint.secretHint}`}>••••{endpoint.secretHint}</code>
        </dd>
        <dt>Created</dt>
        <dd>{formatDate(endpoint.createdAt)}</dd>
      </dl>
      <div className="actions" style={{ flexWrap: 'wrap' }}>
        <RowButton
          label="Send test event"
          disabled={busy}
          onClick={() => run(() => account.webhooks.test(storeId, endpoint.id), true)}
        />
        <RowButton
          label={endpoint.enabled ? 'Disable' : 'Enable'}
          className="secondary"
          disabled={busy}
          onClick={change(() =>
            account.webhooks.update(storeId, endpoint.id, { enabled: !endpoint.enabled }),
          )}
        />
        <RowButton
          label="Rotate secret"
          className="secondary"
          disabled={busy}
          onClick={change(() =>
            // Rotating a signing secret asks Confirm it's you first (§19 step-up).
            stepUp.run(async () => onSecret(await account.webhooks.rotateSecret(storeId, endpoint.id))),
          )}
        />
        <RowButton
          label="Delete"
          className="danger"
          style={{ marginTop: 0 }}
          disabled={busy}
          onClick={onDelete}
        />
      </div>
      <h4>Deliveries</h4>
      <ErrorMessage>{error}</ErrorMessage>
      {deliveries === null && !error && <Loading what="Loading deliveries…" />}
      {deliveries?.length === 0 && (
        <p className="muted">Nothing delivered yet. Send a test event to try it.</p>
      )}
      {deliveries && deliveries.length > 0 && (
        <DataTable
          caption={`Deliveries to ${endpoint.url}, newest first`}
          columns={['Event', 'Status', 'Attempts']}
          actions
        >
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td data-label="Event">
                <code>{delivery.eventType}</code>
              </td>
              <td data-label="Status">
                {/* One child: on a phone the cell is a two-column grid (its label, then this). */}
                <div>
                  {STATUS_WORDS[delivery.status]}
                  {delivery.status === 'pending' && delivery.nextAttemptAt && (
                    <>
                      <br />
                      <small className="muted">Next attempt {formatDate(delivery.nextAttemptAt)}</small>
                    </>
                  )}
                </div>
              </td>
              <td data-label="Attempts">
                {delivery.attempts.length === 0 ? (
                  <span className="muted">None yet</span>
                ) : (
                  <ol style={{ margin: 0, paddingLeft: '1.2rem' }}>
                    {delivery.attempts.map((attempt, i) => (
                      <li key={i}>
                        <time dateTime={attempt.at}>{formatDate(attempt.at)}</time>: {attemptWords(attempt)}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td className="row-actions">
                <button
                  type="button"
                  className="secondary"
                  disabled={busy}
                  onClick={() => run(() => account.webhooks.retry(storeId, endpoint.id, delivery.id), true)}
                >
                  Retry
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <div className="actions" style={{ flexWrap: 'wrap' }}>
        <button type="button" className="secondary" onClick={() => void loadFirst()}>
          Refresh deliveries
        </button>
        {next && (
          <button type="button" className="secondary" onClick={more}>
            Load more
          </button>
        )}
      </div>
    </article>
  );
}
