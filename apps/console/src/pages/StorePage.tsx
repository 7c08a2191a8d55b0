import { createContext, ReactNode, useContext, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { roleAllows } from '@storefront-platform/sdk/browser';
import type { Store, StorePermission } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { ErrorMessage, Loading } from '../ui/misc';
import { ROLE_NAMES, withArticle } from '../ui/roles';

interface StoreState {
  store: Store;
  setStore(s: Store): void;
  /** Whether the signed-in member's role in this store allows it (the SDK's roles table). */
  can(permission: StorePermission): boolean;
}

const StoreContext = createContext<StoreState | null>(null);
export const useStore = () => {
  const value = useContext(StoreContext);
  if (!value) throw new Error('useStore outside StorePage');
  return value;
};

/**
 * One store: its name, the caller's role, and tabs for what that role may use — a control the role cannot
 * use is not shown (the server would refuse it all the same, 403).
 */
export function StorePage() {
  const { storeId } = useParams();
  const [store, setStore] = useState<Store | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  /** (v1.4) The store requires a second factor of its members, and this account has none. */
  const [needsFactor, setNeedsFactor] = useState(false);
  const load = () => {
    if (!storeId) return;
    setError(null);
    setMissing(false);
    setNeedsFactor(false);
    account.stores.get(storeId).then(setStore, (e: unknown) => {
      // A store that is not there (deleted, not one of yours, a mistyped link) is a page of its own.
      if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setMissing(true);
      else if (e instanceof ApiError && e.code === 'two_factor_required') setNeedsFactor(true);
      else setError(describe(e));
    });
  };
  useEffect(load, [storeId]);
  if (needsFactor)
    return (
      <main id="main" className="narrow">
        <h1>Two-factor authentication required</h1>
        <p>
          This store requires every member to sign in with a second factor, and your account has none yet. Add
          an authenticator app or a passkey, then come back.
        </p>
        <p>
          <Link to="/security">Go to Security</Link>
        </p>
      </main>
    );
  if (missing)
    return (
      <main id="main" className="narrow">
        <h1>Store not found</h1>
        <p>
          There is no store at this address in your account. It may have been deleted, you may no longer be a
          member of it, or the link may be mistyped.
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
  const can = (permission: StorePermission) => roleAllows(store.role, permission);
  return (
    <main id="main">
      <div className="page-head">
        <h1>{store.name}</h1>
        <span className="badges">
          <span className={`badge badge-${store.status}`}>
            {store.status === 'active' ? 'Active' : 'Onboarding'}
          </span>
          <span className="badge badge-role">Your role: {ROLE_NAMES[store.role]}</span>
        </span>
      </div>
      <nav className="tabs" aria-label="Store">
        <NavLink to={base} end>
          Home
        </NavLink>
        {can('edit') && <NavLink to={`${base}/settings`}>Settings</NavLink>}
        {can('integrations') && <NavLink to={`${base}/apps`}>OAuth apps</NavLink>}
        {can('integrations') && <NavLink to={`${base}/installed-apps`}>Installed apps</NavLink>}
        {can('integrations') && <NavLink to={`${base}/tokens`}>Public tokens</NavLink>}
        <NavLink to={`${base}/products`}>Products</NavLink>
        <NavLink to={`${base}/orders`}>Orders</NavLink>
        <NavLink to={`${base}/activity`}>Activity</NavLink>
        {can('integrations') && <NavLink to={`${base}/webhooks`}>Webhooks</NavLink>}
        <NavLink to={`${base}/members`}>Members</NavLink>
        {can('integrations') && <NavLink to={`${base}/catalogue`}>Catalogue</NavLink>}
        {store.status !== 'active' && can('edit') && <NavLink to={`${base}/setup`}>Finish setup</NavLink>}
      </nav>
      <StoreContext.Provider value={{ store, setStore, can }}>
        <Outlet />
      </StoreContext.Provider>
    </main>
  );
}

/**
 * A store page for the roles that `permission` covers: others (who reached it by a typed or old link) get
 * a sentence instead of controls the server would refuse.
 */
export function Allowed({ permission, children }: { permission: StorePermission; children: ReactNode }) {
  const { store, can } = useStore();
  if (can(permission)) return <>{children}</>;
  return (
    <section aria-labelledby="not-allowed-title">
      <h2 id="not-allowed-title">Not available to your role</h2>
      <p>
        As {withArticle(store.role)} of {store.name} you cannot use this page. The store’s owner or an admin
        can change your role on the <Link to={`/stores/${store.id}/members`}>Members</Link> page.
      </p>
    </section>
  );
}
