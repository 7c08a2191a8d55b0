import { FormEvent, useEffect, useState } from 'react';
import type { AppScope, OAuthApp, OAuthAppWithSecret } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { ConfirmDialog, SecretDialog } from '../ui/Dialog';
import { CheckboxGroup, Field } from '../ui/Field';
import { ErrorMessage, formatDate } from '../ui/misc';
import { DataTable, RowButton } from '../ui/Table';
import { useStore } from './StorePage';

const SCOPES: AppScope[] = ['store:read', 'products:read', 'products:write', 'orders:read', 'orders:write'];

const snippet = (clientId: string) => `import { AppClient } from '@storefront-platform/sdk';

const shop = new AppClient({
  baseUrl: '${window.location.origin}',
  clientId: '${clientId}',
  clientSecret: process.env.STOREFRONT_CLIENT_SECRET!,
});
const page = await shop.products.list({ first: 20 });`;

/** OAuth apps: create (the secret is shown once), rotate with confirmation, delete. */
export function Apps() {
  const { store } = useStore();
  const [apps, setApps] = useState<OAuthApp[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<AppScope[]>(['store:read', 'products:read']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<OAuthAppWithSecret | null>(null);
  const [confirm, setConfirm] = useState<{ app: OAuthApp; action: 'rotate' | 'delete' } | null>(null);

  const load = () => account.apps.list(store.id).then(setApps, (e: unknown) => setError(describe(e)));
  useEffect(() => {
    void load();
  }, [store.id]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setErrors({});
    try {
      setSecret(await account.apps.create({ storeId: store.id, name: name.trim(), scopes }));
      setName('');
      await load();
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(describe(err));
    }
  };

  const act = async () => {
    if (!confirm) return;
    const { app, action } = confirm;
    setConfirm(null);
    try {
      if (action === 'rotate') setSecret(await account.apps.rotateSecret(app.id));
      else await account.apps.delete(app.id);
      await load();
    } catch (err) {
      setError(describe(err));
    }
  };

  return (
    <section aria-labelledby="apps-title">
      <h2 id="apps-title">OAuth apps</h2>
      <p className="muted">
        Server-side credentials for this store. Your servers exchange them for access tokens.
      </p>
      <ErrorMessage onRetry={apps === null ? () => void load() : undefined}>{error}</ErrorMessage>
      {apps?.length === 0 && <p>No apps yet.</p>}
      {apps && apps.length > 0 && (
        <DataTable
          caption={`OAuth apps of ${store.name}`}
          columns={['Name', 'Client id', 'Scopes', 'Secret', 'Created']}
          actions
        >
          {apps.map((app) => (
            <tr key={app.id}>
              <td data-label="Name">{app.name}</td>
              <td data-label="Client id">
                <code>{app.clientId}</code>
              </td>
              <td data-label="Scopes">{app.scopes.join(', ')}</td>
              <td data-label="Secret">
                <code aria-label={`Secret ending in ${app.secretHint}`}>••••{app.secretHint}</code>
              </td>
              <td data-label="Created">{formatDate(app.createdAt)}</td>
              <td className="row-actions">
                <RowButton
                  className="secondary"
                  label="Rotate secret"
                  item={`of ${app.name}`}
                  onClick={() => setConfirm({ app, action: 'rotate' })}
                />
                <RowButton
                  className="danger"
                  label="Delete"
                  item={app.name}
                  onClick={() => setConfirm({ app, action: 'delete' })}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form onSubmit={create} className="stack" noValidate>
        <h3>New app</h3>
        <Field
          label="App name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <CheckboxGroup
          legend="Scopes"
          options={SCOPES}
          value={scopes}
          onChange={setScopes}
          error={errors.scopes}
        />
        <div className="actions">
          <button type="submit" disabled={!name.trim()}>
            Create app
          </button>
        </div>
      </form>
      {apps && apps.length > 0 && (
        <>
          <h3>Use it from your server</h3>
          <pre className="snippet" aria-label="SDK snippet" tabIndex={0}>
            <code>{snippet(apps[0].clientId)}</code>
          </pre>
        </>
      )}
      <SecretDialog
        title="Client secret"
        secret={secret?.clientSecret ?? null}
        copyLabel="Copy secret"
        warning="Copy this secret now. It is shown only this once; we keep only a hash of it."
        onClose={() => setSecret(null)}
      >
        <dl>
          <dt>Client id</dt>
          <dd>
            <code>{secret?.clientId}</code>
          </dd>
          <dt>Client secret</dt>
          <dd>
            <code className="secret" data-testid="client-secret">
              {secret?.clientSecret}
            </code>
          </dd>
        </dl>
      </SecretDialog>
      <ConfirmDialog
        title={
          confirm?.action === 'rotate'
            ? `Rotate the secret of ${confirm.app.name}?`
            : `Delete ${confirm?.app.name ?? ''}?`
        }
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        confirm={confirm?.action === 'rotate' ? 'Rotate' : 'Delete app'}
        onConfirm={act}
      >
        <p>
          {confirm?.action === 'rotate'
            ? 'The current secret and every token issued with it stop working at once.'
            : 'The app and every token issued to it stop working at once.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
