import { useEffect, useState } from 'react';
import type { StoreInstallation } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { ConfirmDialog } from '../ui/Dialog';
import { ErrorMessage, formatDate, Loading } from '../ui/misc';
import { describeScope } from '../ui/scopes';
import { ItemActions } from '../ui/Table';
import { useStore } from './StorePage';

/**
 * The apps installed in a store (§13): what each may do, in words, who installed it and when, and
 * Uninstall — every token of the installation is refused from the very next request.
 */
export function InstalledApps() {
  const { store } = useStore();
  const [items, setItems] = useState<StoreInstallation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<StoreInstallation | null>(null);

  const load = () => {
    setError(null);
    account.installations.list(store.id).then(setItems, (e: unknown) => setError(describe(e)));
  };
  useEffect(load, [store.id]);

  const uninstall = async () => {
    const installation = pending;
    setPending(null);
    if (!installation) return;
    try {
      await account.installations.uninstall(store.id, installation.id);
      load();
    } catch (e) {
      setError(describe(e));
    }
  };

  return (
    <section aria-labelledby="installed-title">
      <h2 id="installed-title">Installed apps</h2>
      <p className="muted">
        Apps from other developers that act for this store. Uninstalling one stops it at once.
      </p>
      <ErrorMessage onRetry={items === null ? load : undefined}>{error}</ErrorMessage>
      {items === null && !error && <Loading what="Loading the installed apps…" />}
      {items?.length === 0 && <p>No apps are installed in this store.</p>}
      {items && items.length > 0 && (
        <ul className="cards" aria-label={`Apps installed in ${store.name}`}>
          {items.map((installation) => (
            <li key={installation.id} className="card">
              <h3 className="wrap">{installation.appName}</h3>
              <p className="muted wrap">
                Installed {formatDate(installation.installedAt)}
                {installation.installedBy.email ? ` by ${installation.installedBy.email}` : ''}
              </p>
              <p>It can:</p>
              <ul>
                {installation.scopes.map((scope) => (
                  <li key={scope}>{describeScope(scope)}</li>
                ))}
              </ul>
              <ItemActions
                item={installation.appName}
                actions={[{ label: 'Uninstall', danger: true, onClick: () => setPending(installation) }]}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        title={`Uninstall ${pending?.appName ?? ''}?`}
        open={pending !== null}
        onCancel={() => setPending(null)}
        confirm="Uninstall app"
        onConfirm={() => void uninstall()}
      >
        <p>
          The app stops working for {store.name} at once. Installing it again later asks for your consent
          again.
        </p>
      </ConfirmDialog>
    </section>
  );
}
