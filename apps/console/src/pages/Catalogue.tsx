import { FormEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StorefrontClient } from '@storefront-platform/sdk/browser';
import type { Product, StorefrontStore } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { Field } from '../ui/Field';
import { ErrorMessage } from '../ui/misc';
import { formatMoney } from '../ui/money';
import { previewToken, rememberPreviewToken } from './previewTokens';
import { useStore } from './StorePage';

/** The store's catalogue as a storefront sees it: read through a public token with StorefrontClient. */
export function Catalogue() {
  const { store } = useStore();
  const [token, setToken] = useState<string | null>(() => previewToken(store.id));
  const [typed, setTyped] = useState('');
  const [shop, setShop] = useState<StorefrontStore | null>(null);
  const [products, setProducts] = useState<Product[] | null>(null);
  const [more, setMore] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useMemo(
    () => (token ? new StorefrontClient({ baseUrl: window.location.origin, publicToken: token }) : null),
    [token],
  );

  useEffect(() => {
    if (!client) return;
    setError(null);
    Promise.all([client.store(), client.products.list({ first: 24 })]).then(
      ([s, page]) => {
        setShop(s);
        setProducts(page.edges.map((e) => e.node));
        setMore(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
      },
      (e: unknown) => setError(describe(e)),
    );
  }, [client]);

  const next = async () => {
    if (!client || !more) return;
    try {
      const page = await client.products.list({ first: 24, after: more });
      setProducts((p) => [...(p ?? []), ...page.edges.map((e) => e.node)]);
      setMore(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
    } catch (e) {
      setError(describe(e));
    }
  };

  // The preview needs a public token; one click makes a read-only one for it (listed on the Public tokens
  // page as "Console preview", where it can be revoked), so nobody has to copy and paste a secret.
  const [creating, setCreating] = useState(false);
  const createPreviewToken = async () => {
    setCreating(true);
    setError(null);
    try {
      const created = await account.publicTokens.create(store.id, {
        name: 'Console preview',
        scopes: ['store:read', 'products:read'],
      });
      rememberPreviewToken(store.id, created.token);
      setToken(created.token);
    } catch (e) {
      setError(describe(e));
    } finally {
      setCreating(false);
    }
  };

  const use = (e: FormEvent) => {
    e.preventDefault();
    rememberPreviewToken(store.id, typed.trim());
    setToken(typed.trim());
  };

  return (
    <section aria-labelledby="catalogue-title">
      <h2 id="catalogue-title">Catalogue preview</h2>
      {!token && (
        <>
          <p>The preview reads the store the way a storefront does, with a read-only public token.</p>
          <p>
            <button type="button" onClick={createPreviewToken} disabled={creating}>
              Create a preview token
            </button>
          </p>
          <p>
            Or paste a token you already have (from the{' '}
            <Link to={`/stores/${store.id}/tokens`}>token list</Link>):
          </p>
          <form onSubmit={use} className="inline-form">
            <Field
              label="Public token"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="sfp_…"
            />
            <button type="submit" disabled={!typed.trim()}>
              Preview
            </button>
          </form>
        </>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {shop && (
        <p className="muted">
          {shop.name} — {shop.description || 'no description'}
        </p>
      )}
      {products?.length === 0 && <p>No products yet.</p>}
      {products && products.length > 0 && (
        <ul className="products" aria-label="Products">
          {products.map((p) => (
            <li key={p.id} className="card">
              <h3>{p.title}</h3>
              <p className="price">{formatMoney(p.price)}</p>
              <p className="muted">{p.inventory > 0 ? `${p.inventory} in stock` : 'Out of stock'}</p>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="secondary" onClick={next}>
          Load more products
        </button>
      )}
      {token && (
        <p>
          <button type="button" className="link" onClick={() => setToken(null)}>
            Use another token
          </button>
        </p>
      )}
    </section>
  );
}
