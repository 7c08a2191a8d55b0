import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Store } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { ErrorMessage, Loading, Status } from '../ui/misc';
import { ROLE_NAMES } from '../ui/roles';

export function progress(store: Store): string {
  if (store.status === 'active') return 'Setup complete';
  const done = store.onboarding.completedStages.length;
  return done === 4 ? 'Ready to complete' : `${done} of 4 steps done`;
}

export function Stores() {
  const navigate = useNavigate();
  // What the page that sent us here has to say (a store left: "You left …").
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [stores, setStores] = useState<Store[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () => {
    setError(null);
    account.stores.list().then(setStores, (e: unknown) => setError(describe(e)));
  };
  useEffect(load, []);
  return (
    <main id="main">
      <div className="page-head">
        <h1>Your stores</h1>
        <button type="button" onClick={() => navigate('/stores/new')}>
          New store
        </button>
      </div>
      {notice && <Status>{notice}</Status>}
      <ErrorMessage onRetry={load}>{error}</ErrorMessage>
      {stores === null && !error && <Loading what="Loading your stores…" />}
      {stores?.length === 0 && (
        <p>You have no store yet. Create one to start selling, or accept an invitation to join one.</p>
      )}
      {stores && stores.length > 0 && (
        <ul className="cards" aria-label="Stores">
          {stores.map((store) => (
            <li key={store.id} className="card">
              <h2>
                <Link to={`/stores/${store.id}`}>{store.name}</Link>
              </h2>
              <p className="muted">{store.description || 'No description'}</p>
              <p>
                <span className={`badge badge-${store.status}`}>
                  {store.status === 'active' ? 'Active' : 'Onboarding'}
                </span>{' '}
                <span className="muted">{progress(store)}</span>
              </p>
              <p className="role">
                Your role: <strong>{ROLE_NAMES[store.role]}</strong>
              </p>
              {'twoFactorRequired' in store && store.twoFactorRequired === true && (
                <p className="hint">
                  This store requires two-factor authentication:{' '}
                  <Link to="/security">add a second factor</Link> to open it.
                </p>
              )}
              {store.status !== 'active' && (
                <div
                  className="meter"
                  role="progressbar"
                  aria-label={`${store.name} setup progress`}
                  aria-valuemin={0}
                  aria-valuemax={4}
                  aria-valuenow={store.onboarding.completedStages.length}
                >
                  <span className={`meter-fill meter-${store.onboarding.completedStages.length}`} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
