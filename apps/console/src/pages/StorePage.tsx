import { createContext, useContext, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import type { Store } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { ErrorMessage, Loading } from '../ui/misc';

const StoreContext = createContext<{ store: Store; setStore(s: Store): void } | null>(null);
export const useStore = () => {
  const value = useContext(StoreContext);
  if (!value) throw new Error('useStore outside StorePage');
  return value;
};

/** One store: its name, and tabs for its home, settings, apps, tokens, products, orders, activity, catalogue. */
export function StorePage() {
  const { storeId } = useParams();
  const [store, setStore] = useState<Store | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const load = () => {
    if (!storeId) return;
    setError(null);
    setMissing(false);
    account.stores.get(storeId).then(setStore, (e: unknown) => {
      // A store that is not there (deleted, someone else's, a mistyped link) is a page of its own.
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setMissing(true);
      else setError(describe(e));
    });
  };
  useEffect(load, [storeId]);
  if (missing)
    return (
      <main id="main" className="narrow">
        <h1>Store not found</h1>
        <p>
          There is no store at this address in your account. It may have been deleted, or the link may be
          mistyped.
        </p>
        <p>
          <Link to="/">Back to your stores</Link>
        </p>
      </main>
    );
  if (error)
    return (
      <main id="main" className="narrow">
        <h1>This store could not be loaded</h1>
        <ErrorMessage onRetry={load}>{error}</ErrorMessage>
      </main>
    );
  if (!store) return <Loading what="Loading the store…" />;
  const base = `/stores/${store.id}`;
  return (
    <main id="main">
      <div className="page-head">
        <h1>{store.name}</h1>
        <span className={`badge badge-${store.status}`}>
          {store.status === 'active' ? 'Active' : 'Onboarding'}
        </span>
      </div>
      <nav className="tabs" aria-label="Store">
        <NavLink to={base} end>
          Home
        </NavLink>
        <NavLink to={`${base}/settings`}>Settings</NavLink>
        <NavLink to={`${base}/apps`}>OAuth apps</NavLink>
        <NavLink to={`${base}/tokens`}>Public tokens</NavLink>
        <NavLink to={`${base}/products`}>Products</NavLink>
        <NavLink to={`${base}/orders`}>Orders</NavLink>
        <NavLink to={`${base}/activity`}>Activity</NavLink>
        <NavLink to={`${base}/webhooks`}>Webhooks</NavLink>
        <NavLink to={`${base}/catalogue`}>Catalogue</NavLink>
        {store.status !== 'active' && <NavLink to={`${base}/setup`}>Finish setup</NavLink>}
      </nav>
      <StoreContext.Provider value={{ store, setStore }}>
        <Outlet />
      </StoreContext.Provider>
    </main>
  );
}
