import { FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PUBLIC_TOKEN_SCOPES, PUBLIC_TOKEN_SCOPES } from '@storefront-platform/sdk/browser';
import type { PublicScope, PublicToken, PublicTokenWithSecret } from '@storefront-platform/sdk/browser';
import { account, attention, fieldErrors, FieldErrors } from '../api';
import { useCredentials } from '../hooks/useCredentials';
import { NewCredentialForm, RotateDeleteCell, RotateDeleteDialog } from '../ui/Credentials';
import { Dialog, SecretDialog } from '../ui/Dialog';
import { TextArea } from '../ui/Field';
import { FormActions } from '../ui/FormActions';
import { ErrorMessage, formatDate, Status } from '../ui/misc';
import { DataTable, RowButton } from '../ui/Table';
import { rememberPreviewToken } from './previewTokens';
import { useStore } from './StorePage';

// `cart:write` (carts and checkout for shoppers) is offered, never ticked by default: the API's default too.
const SCOPES: PublicScope[] = [...PUBLIC_TOKEN_SCOPES];

/** Where the API serves the SDK as one ES module file, for pages without a bundler. */
export const SDK_MODULE_PATH = '/console/sdk/storefront-sdk.js';

const snippet = (token: string) => `<script type="module">
  import { StorefrontClient } from '${window.location.origin}${SDK_MODULE_PATH}';

  const storefront = new StorefrontClient({
    baseUrl: '${window.location.origin}',
    publicToken: '${token}',
  });
  const { edges } = await storefront.products.list({ first: 20 });
  console.log(edges.map((e) => e.node.title));
</script>`;

/** What a token with these scopes may do, in one sentence (the list, the dialog). */
export function tokenPowers(scopes: readonly string[]): string {
  return scopes.includes('cart:write')
    ? 'It reads this store and its products and lets shoppers fill carts and check out; it never changes the catalogue or reads orders, so it is safe to put in a web page.'
    : 'It is read-only and safe to put in a web page.';
}

/**
 * The origins as typed, one per line: blank lines dropped, and an address with a trailing slash or a path
 * of "/" written as its origin (what browsers send in `Origin`). Anything else goes as typed, for the
 * server to refuse at the field.
 */
export function parseOrigins(typed: string): string[] {
  return typed
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      try {
        const url = new URL(line);
        return url.pathname === '/' && !url.search && !url.hash ? url.origin : line;
      } catch {
        return line;
      }
    });
}

/** Public tokens: store-scoped tokens for browser storefronts (reads, and with cart:write carts and checkout). */
export function PublicTokens() {
  const { store } = useStore();
  const [origins, setOrigins] = useState('');
  const [editing, setEditing] = useState<PublicToken | null>(null);
  const [status, setStatus] = useState('');
  /** A token made here is also kept (this tab only) for the catalogue preview. */
  const remember = (token: PublicTokenWithSecret) => {
    rememberPreviewToken(store.id, token.token);
    return token;
  };
  const tokens = useCredentials<PublicToken, PublicTokenWithSecret, PublicScope>(
    {
      list: () => account.publicTokens.list(store.id),
      create: async (name, scopes) => {
        const allowedOrigins = parseOrigins(origins);
        const made = await account.publicTokens.create(store.id, {
          name,
          scopes,
          ...(allowedOrigins.length ? { allowedOrigins } : {}),
        });
        setOrigins('');
        return remember(made);
      },
      rotate: async (token) => remember(await account.publicTokens.rotate(store.id, token.id)),
      delete: (token) => account.publicTokens.delete(store.id, token.id),
    },
    // Ticked as the API's own default for a new token.
    [...DEFAULT_PUBLIC_TOKEN_SCOPES],
    [store.id],
  );

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Public tokens</h2>
      <p className="muted">
        Tokens for storefront pages in the browser: they read this store and its products, and with cart:write
        let shoppers fill carts and check out. They never change the catalogue or read orders. A page on
        another site needs its address among the token’s allowed origins.
      </p>
      {status && <Status>{status}</Status>}
      <ErrorMessage onRetry={tokens.items === null ? () => void tokens.load() : undefined}>
        {tokens.error}
      </ErrorMessage>
      {tokens.items?.length === 0 && <p>No public tokens yet.</p>}
      {tokens.items && tokens.items.length > 0 && (
        <DataTable
          caption={`Public tokens of ${store.name}`}
          columns={['Name', 'Scopes', 'Allowed origins', 'Token', 'Created']}
          actions
        >
          {tokens.items.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">{token.name}</td>
              <td data-label="Scopes">{token.scopes.join(', ')}</td>
              <td data-label="Allowed origins">
                {token.allowedOrigins.length ? (
                  <ul className="plain">
                    {token.allowedOrigins.map((o) => (
                      <li key={o} className="wrap">
                        {o}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
              <td data-label="Token">
                <code aria-label={`Token ending in ${token.tokenHint}`}>sfp_••••{token.tokenHint}</code>
              </td>
              <td data-label="Created">{formatDate(token.createdAt)}</td>
              <RotateDeleteCell
                name={token.name}
                rotate="Rotate"
                onAsk={(action) => tokens.setPending({ item: token, action })}
              >
                <RowButton
                  className="secondary"
                  label="Edit origins"
                  item={`of ${token.name}`}
                  onClick={() => setEditing(token)}
                />
              </RotateDeleteCell>
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
      >
        <OriginsField value={origins} onChange={setOrigins} error={tokens.form.errors.allowedOrigins} />
      </NewCredentialForm>
      <SecretDialog
        title="Public token"
        secret={tokens.issued?.token ?? null}
        copyLabel="Copy token"
        warning={`Copy this token now: it is shown only this once. ${tokenPowers(tokens.issued?.scopes ?? [])}`}
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
        <p className="muted">A web page can use it as it is, with no build step:</p>
        <pre className="snippet wraps" aria-label="StorefrontClient snippet" tabIndex={0}>
          <code>{snippet(tokens.issued?.token ?? '')}</code>
        </pre>
      </SecretDialog>
      <OriginsDialog
        token={editing}
        onClose={() => setEditing(null)}
        onSaved={async (token) => {
          setEditing(null);
          setStatus(
            token.allowedOrigins.length
              ? `${token.name} now answers pages on ${token.allowedOrigins.join(', ')} only.`
              : `${token.name} has no allowed origins now.`,
          );
          await tokens.load();
        }}
      />
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

/** The allowed origins box, one per line (create and edit). */
function OriginsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <TextArea
      label="Allowed origins"
      hint="One per line, e.g. https://shop.example.com — at most 10. Browsers on these sites may use the token (and only they, once one is listed). With none, only sites the service's operator allows for every token can."
      rows={3}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** Changes a token's allowed origins (PUT; `[]` clears them). The token's value stays. */
function OriginsDialog({
  token,
  onClose,
  onSaved,
}: {
  token: PublicToken | null;
  onClose(): void;
  onSaved(token: PublicToken): Promise<void>;
}) {
  const { store } = useStore();
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return;
    setValue(token.allowedOrigins.join('\n'));
    setErrors({});
    setError(null);
  }, [token]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    setBusy(true);
    setErrors({});
    setError(null);
    try {
      await onSaved(
        await account.publicTokens.update(store.id, token.id, { allowedOrigins: parseOrigins(value) }),
      );
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setError(attention(byField, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={`Allowed origins of ${token?.name ?? ''}`} open={token !== null} onClose={onClose}>
      <form onSubmit={save} className="stack" noValidate>
        <OriginsField value={value} onChange={setValue} error={errors.allowedOrigins} />
        <ErrorMessage>{error}</ErrorMessage>
        <FormActions submit="Save origins" disabled={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
