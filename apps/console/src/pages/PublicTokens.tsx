import { FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PublicScope, PublicToken, PublicTokenWithSecret } from '@storefront-platform/sdk/browser';
import { account, describe, fieldErrors, FieldErrors } from '../api';
import { ConfirmDialog, SecretDialog } from '../ui/Dialog';
import { CheckboxGroup, Field } from '../ui/Field';
import { ErrorMessage, formatDate } from '../ui/misc';
import { DataTable, RowButton } from '../ui/Table';
import { rememberPreviewToken } from './previewTokens';
import { useStore } from './StorePage';

const SCOPES: PublicScope[] = ['store:read', 'products:read'];

const snippet = (token: string) => `import { StorefrontClient } from '@storefront-platform/sdk/browser';

const storefront = new StorefrontClient({
  baseUrl: '${window.location.origin}',
  publicToken: '${token}',
});
const { edges } = await storefront.products.list({ first: 20 });`;

/** Public tokens: read-only, store-scoped tokens for browser storefronts. */
export function PublicTokens() {
  const { store } = useStore();
  const [tokens, setTokens] = useState<PublicToken[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<PublicScope[]>(['store:read', 'products:read']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<PublicTokenWithSecret | null>(null);
  const [confirm, setConfirm] = useState<{ token: PublicToken; action: 'rotate' | 'delete' } | null>(null);

  const load = () =>
    account.publicTokens.list(store.id).then(setTokens, (e: unknown) => setError(describe(e)));
  useEffect(() => {
    void load();
  }, [store.id]);

  const show = (token: PublicTokenWithSecret) => {
    rememberPreviewToken(store.id, token.token);
    setIssued(token);
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setErrors({});
    try {
      show(await account.publicTokens.create(store.id, { name: name.trim(), scopes }));
      setName('');
      await load();
    } catch (err) {
      setErrors(fieldErrors(err));
      setError(describe(err));
    }
  };

  const act = async () => {
    if (!confirm) return;
    const { token, action } = confirm;
    setConfirm(null);
    try {
      if (action === 'rotate') show(await account.publicTokens.rotate(store.id, token.id));
      else await account.publicTokens.delete(store.id, token.id);
      await load();
    } catch (err) {
      setError(describe(err));
    }
  };

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Public tokens</h2>
      <p className="muted">
        Read-only tokens for storefront pages in the browser: they can read this store and its products.
      </p>
      <ErrorMessage onRetry={tokens === null ? () => void load() : undefined}>{error}</ErrorMessage>
      {tokens?.length === 0 && <p>No public tokens yet.</p>}
      {tokens && tokens.length > 0 && (
        <DataTable
          caption={`Public tokens of ${store.name}`}
          columns={['Name', 'Scopes', 'Token', 'Created']}
          actions
        >
          {tokens.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">{token.name}</td>
              <td data-label="Scopes">{token.scopes.join(', ')}</td>
              <td data-label="Token">
                <code aria-label={`Token ending in ${token.tokenHint}`}>sfp_••••{token.tokenHint}</code>
              </td>
              <td data-label="Created">{formatDate(token.createdAt)}</td>
              <td className="row-actions">
                <RowButton
                  className="secondary"
                  label="Rotate"
                  item={token.name}
                  onClick={() => setConfirm({ token, action: 'rotate' })}
                />
                <RowButton
                  className="danger"
                  label="Delete"
                  item={token.name}
                  onClick={() => setConfirm({ token, action: 'delete' })}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form onSubmit={create} className="stack" noValidate>
        <h3>New public token</h3>
        <Field
          label="Token name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          required
        />
        <CheckboxGroup legend="Scopes" options={SCOPES} value={scopes} onChange={setScopes} />
        <div className="actions">
          <button type="submit" disabled={!name.trim()}>
            Create token
          </button>
        </div>
      </form>
      <SecretDialog
        title="Public token"
        secret={issued?.token ?? null}
        copyLabel="Copy token"
        warning="Copy this token now: it is shown only this once. It is read-only and safe to put in a web page."
        onClose={() => setIssued(null)}
        actions={
          <Link to={`/stores/${store.id}/catalogue`} className="button secondary">
            Preview the catalogue
          </Link>
        }
      >
        <p>
          <code className="secret" data-testid="public-token">
            {issued?.token}
          </code>
        </p>
        <pre className="snippet" aria-label="StorefrontClient snippet" tabIndex={0}>
          <code>{snippet(issued?.token ?? '')}</code>
        </pre>
      </SecretDialog>
      <ConfirmDialog
        title={
          confirm?.action === 'rotate'
            ? `Rotate ${confirm.token.name}?`
            : `Delete ${confirm?.token.name ?? ''}?`
        }
        open={confirm !== null}
        onCancel={() => setConfirm(null)}
        confirm={confirm?.action === 'rotate' ? 'Rotate' : 'Delete token'}
        onConfirm={act}
      >
        <p>Pages using the current token stop working at once.</p>
      </ConfirmDialog>
    </section>
  );
}
