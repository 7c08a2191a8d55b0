import { FormEvent, useEffect, useState } from 'react';
import type { AppScope, OAuthApp, OAuthAppWithSecret } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { Dialog } from '../ui/Dialog';
import { Field } from '../ui/Field';
import { CopyButton, ErrorMessage, formatDate } from '../ui/misc';
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
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">OAuth apps of {store.name}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client id</th>
                <th scope="col">Scopes</th>
                <th scope="col">Secret</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setConfirm({ app, action: 'rotate' })}
                    >
                      Rotate secret<span className="visually-hidden"> of {app.name}</span>
                    </button>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => setConfirm({ app, action: 'delete' })}
                    >
                      Delete<span className="visually-hidden"> {app.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
        <fieldset>
          <legend>Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className="check">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
                }
              />
              {scope}
            </label>
          ))}
          {errors.scopes && (
            <small className="error" role="alert">
              {errors.scopes}
            </small>
          )}
        </fieldset>
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
      <Dialog title="Client secret" open={secret !== null} onClose={() => setSecret(null)}>
        {secret && (
          <>
            <p className="warning" role="alert">
              Copy this secret now. It is shown only this once; we keep only a hash of it.
            </p>
            <dl>
              <dt>Client id</dt>
              <dd>
                <code>{secret.clientId}</code>
              </dd>
              <dt>Client secret</dt>
              <dd>
                <code className="secret" data-testid="client-secret">
                  {secret.clientSecret}
                </code>
              </dd>
            </dl>
            <div className="actions">
              <CopyButton text={secret.clientSecret} label="Copy secret" />
              <button type="button" onClick={() => setSecret(null)} autoFocus>
                Done
              </button>
            </div>
          </>
        )}
      </Dialog>
      <Dialog
        title={
          confirm?.action === 'rotate'
            ? `Rotate the secret of ${confirm.app.name}?`
            : `Delete ${confirm?.app.name ?? ''}?`
        }
        open={confirm !== null}
        onClose={() => setConfirm(null)}
      >
        <p>
          {confirm?.action === 'rotate'
            ? 'The current secret and every token issued with it stop working at once.'
            : 'The app and every token issued to it stop working at once.'}
        </p>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setConfirm(null)} autoFocus>
            Cancel
          </button>
          <button type="button" className="danger" onClick={act}>
            {confirm?.action === 'rotate' ? 'Rotate' : 'Delete app'}
          </button>
        </div>
      </Dialog>
    </section>
  );
}
