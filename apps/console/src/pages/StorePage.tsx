import { createContext, useContext, useEffect, useState } from 'react';
import { NavLink, Outlet, useParams } from 'react-router';
import type { Store } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { ErrorMessage } from '../ui/misc';

const StoreContext = createContext<{ store: Store; setStore(s: Store): void } | null>(null);
export const useStore = () => {
  const value = useContext(StoreContext);
  if (!value) throw new Error('useStore outside StorePage');
  return value;
};

/** One store: its name, and tabs for settings, OAuth apps, public tokens and the catalogue preview. */
export function StorePage() {
  const { storeId } = useParams();
  const [store, setStore] = useState<Store | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (storeId) account.stores.get(storeId).then(setStore, (e: unknown) => setError(describe(e)));
  }, [storeId]);
  if (error)
    return (
      <main id="main">
        <ErrorMessage>{error}</ErrorMessage>
      </main>
    );
  if (!store) return <p aria-busy="true">Loading…</p>;
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
          Settings
        </NavLink>
        <NavLink to={`${base}/apps`}>OAuth apps</NavLink>
        <NavLink to={`${base}/tokens`}>Public tokens</NavLink>
        <NavLink to={`${base}/products`}>Products</NavLink>
        <NavLink to={`${base}/orders`}>Orders</NavLink>
        <NavLink to={`${base}/activity`}>Activity</NavLink>
        <NavLink to={`${base}/catalogue`}>Catalogue</NavLink>
        {store.status !== 'active' && <NavLink to={`${base}/setup`}>Finish setup</NavLink>}
      </nav>
      <StoreContext.Provider value={{ store, setStore }}>
        <Outlet />
      </StoreContext.Provider>
    </main>
  );
}
