import { Link } from 'react-router';
import type { PublicScope, PublicToken, PublicTokenWithSecret } from '@storefront-platform/sdk/browser';
import { account } from '../api';
import { useCredentials } from '../hooks/useCredentials';
import { NewCredentialForm, RotateDeleteCell, RotateDeleteDialog } from '../ui/Credentials';
import { SecretDialog } from '../ui/Dialog';
import { ErrorMessage, formatDate } from '../ui/misc';
import { DataTable } from '../ui/Table';
import { rememberPreviewToken } from './previewTokens';
import { useStore } from './StorePage';

// `cart:write` (carts and checkout for shoppers) is offered, never ticked by default: the API's default too.
const SCOPES: PublicScope[] = ['store:read', 'products:read', 'cart:write'];

const snippet = (token: string) => `import { StorefrontClient } from '@storefront-platform/sdk/browser';

const storefront = new StorefrontClient({
  baseUrl: '${window.location.origin}',
  publicToken: '${token}',
});
const { edges } = await storefront.products.list({ first: 20 });`;

/** Public tokens: read-only, store-scoped tokens for browser storefronts. */
export function PublicTokens() {
  const { store } = useStore();
  /** A token made here is also kept (this tab only) for the catalogue preview. */
  const remember = (token: PublicTokenWithSecret) => {
    rememberPreviewToken(store.id, token.token);
    return token;
  };
  const tokens = useCredentials<PublicToken, PublicTokenWithSecret, PublicScope>(
    {
      list: () => account.publicTokens.list(store.id),
      create: async (name, scopes) => remember(await account.publicTokens.create(store.id, { name, scopes })),
      rotate: async (token) => remember(await account.publicTokens.rotate(store.id, token.id)),
      delete: (token) => account.publicTokens.delete(store.id, token.id),
    },
    ['store:read', 'products:read'],
    [store.id],
  );

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Public tokens</h2>
      <p className="muted">
        Tokens for storefront pages in the browser: they read this store and its products, and with cart:write
        let shoppers fill carts and check out. They never change the catalogue or read orders.
      </p>
      <ErrorMessage onRetry={tokens.items === null ? () => void tokens.load() : undefined}>
        {tokens.error}
      </ErrorMessage>
      {tokens.items?.length === 0 && <p>No public tokens yet.</p>}
      {tokens.items && tokens.items.length > 0 && (
        <DataTable
          caption={`Public tokens of ${store.name}`}
          columns={['Name', 'Scopes', 'Token', 'Created']}
          actions
        >
          {tokens.items.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">{token.name}</td>
              <td data-label="Scopes">{token.scopes.join(', ')}</td>
              <td data-label="Token">
                <code aria-label={`Token ending in ${token.tokenHint}`}>sfp_••••{token.tokenHint}</code>
              </td>
              <td data-label="Created">{formatDate(token.createdAt)}</td>
              <RotateDeleteCell
                name={token.name}
                rotate="Rotate"
                onAsk={(action) => tokens.setPending({ item: token, action })}
              />
            </tr>
          ))}
        </DataTable>
      )}
      <NewCredentialForm
        heading="New public token"
        nameLabel="Token name"
        submit="Create token"
        scopeOptions={SCOPES}
        form={tokens.form}
      />
      <SecretDialog
        title="Public token"
        secret={tokens.issued?.token ?? null}
        copyLabel="Copy token"
        warning="Copy this token now: it is shown only this once. It is read-only and safe to put in a web page."
        onClose={tokens.closeIssued}
        actions={
          <Link to={`/stores/${store.id}/catalogue`} className="button secondary">
            Preview the catalogue
          </Link>
        }
      >
        <p>
          <code className="secret" data-testid="public-token">
            {tokens.issued?.token}
          </code>
        </p>
        <pre className="snippet" aria-label="StorefrontClient snippet" tabIndex={0}>
          <code>{snippet(tokens.issued?.token ?? '')}</code>
        </pre>
      </SecretDialog>
      <RotateDeleteDialog
        pending={tokens.pending}
        rotateTitle={(name) => `Rotate ${name}?`}
        deleteLabel="Delete token"
        onCancel={() => tokens.setPending(null)}
        onConfirm={tokens.act}
      >
        <p>Pages using the current token stop working at once.</p>
      </RotateDeleteDialog>
    </section>
  );
}
