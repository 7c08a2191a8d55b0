import { APP_SCOPES } from '@storefront-platform/sdk/browser';
import type { AppScope, OAuthApp, OAuthAppWithSecret } from '@storefront-platform/sdk/browser';
import { account } from '../api';
import { useCredentials } from '../hooks/useCredentials';
import { NewCredentialForm, RotateDeleteCell, RotateDeleteDialog } from '../ui/Credentials';
import { SecretDialog } from '../ui/Dialog';
import { ErrorMessage, formatDate } from '../ui/misc';
import { DataTable } from '../ui/Table';
import { useStore } from './StorePage';

const SCOPES: AppScope[] = [...APP_SCOPES];

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
  const apps = useCredentials<OAuthApp, OAuthAppWithSecret, AppScope>(
    {
      list: () => account.apps.list(store.id),
      create: (name, scopes) => account.apps.create({ storeId: store.id, name, scopes }),
      rotate: (app) => account.apps.rotateSecret(app.id),
      delete: (app) => account.apps.delete(app.id),
    },
    // Ticked as the API's own default: an app gets every scope unless the merchant narrows it.
    SCOPES,
    [store.id],
  );

  return (
    <section aria-labelledby="apps-title">
      <h2 id="apps-title">OAuth apps</h2>
      <p className="muted">
        Server-side credentials for this store. Your servers exchange them for access tokens.
      </p>
      <ErrorMessage onRetry={apps.items === null ? () => void apps.load() : undefined}>
        {apps.error}
      </ErrorMessage>
      {apps.items?.length === 0 && <p>No apps yet.</p>}
      {apps.items && apps.items.length > 0 && (
        <DataTable
          caption={`OAuth apps of ${store.name}`}
          columns={['Name', 'Client id', 'Scopes', 'Secret', 'Created']}
          actions
        >
          {apps.items.map((app) => (
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
              <RotateDeleteCell
                name={app.name}
                rotate="Rotate secret"
                rotateItem={`of ${app.name}`}
                onAsk={(action) => apps.setPending({ item: app, action })}
              />
            </tr>
          ))}
        </DataTable>
      )}
      <NewCredentialForm
        heading="New app"
        nameLabel="App name"
        submit="Create app"
        scopeOptions={SCOPES}
        scopesError
        form={apps.form}
      />
      {apps.items && apps.items.length > 0 && (
        <>
          <h3>Use it from your server</h3>
          <pre className="snippet" aria-label="SDK snippet" tabIndex={0}>
            <code>{snippet(apps.items[0].clientId)}</code>
          </pre>
        </>
      )}
      <SecretDialog
        title="Client secret"
        secret={apps.issued?.clientSecret ?? null}
        copyLabel="Copy secret"
        warning="Copy this secret now. It is shown only this once; we keep only a hash of it."
        onClose={apps.closeIssued}
      >
        <dl>
          <dt>Client id</dt>
          <dd>
            <code>{apps.issued?.clientId}</code>
          </dd>
          <dt>Client secret</dt>
          <dd>
            <code className="secret" data-testid="client-secret">
              {apps.issued?.clientSecret}
            </code>
          </dd>
        </dl>
      </SecretDialog>
      <RotateDeleteDialog
        pending={apps.pending}
        rotateTitle={(name) => `Rotate the secret of ${name}?`}
        deleteLabel="Delete app"
        onCancel={() => apps.setPending(null)}
        onConfirm={apps.act}
      >
        <p>
          {apps.pending?.action === 'rotate'
            ? 'The current secret and every token issued with it stop working at once.'
            : 'The app and every token issued to it stop working at once.'}
        </p>
      </RotateDeleteDialog>
    </section>
  );
}
