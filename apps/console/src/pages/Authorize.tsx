import { FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { ConsentView } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { Select } from '../ui/Field';
import { ErrorMessage, Loading } from '../ui/misc';

/** Why the request cannot be shown, in words. */
function refusal(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'app_not_found')
      return 'This app is not registered (or was deleted). Go back to the app and try again.';
    if (error.code === 'validation_failed')
      return `The app sent an authorization request this service does not accept: ${describe(error)}`;
  }
  return describe(error);
}

/**
 * The consent page of an installed app (`/console/authorize`, §13): the authorization endpoint sends the
 * browser here with the request's parameters. Signed out, the console signs in first and comes back (the
 * address, query included, stays). The account picks one of its stores where it may install apps (owner,
 * admin, developer), reads each scope as a sentence, and chooses Install or Cancel; the choice — with
 * exactly the scopes shown, which is what the store grants (§13) — goes to the server with the account's
 * bearer token (no cookie: no CSRF surface), which answers where the browser goes next — the app's
 * registered redirect URI. The console is never framed (frame-ancestors 'none', X-Frame-Options: DENY),
 * so the buttons cannot be clickjacked.
 */
export function Authorize() {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const request = {
    clientId: params.get('client_id') ?? '',
    redirectUri: params.get('redirect_uri') ?? '',
    scope: params.get('scope') ?? undefined,
    state: params.get('state') ?? '',
    codeChallenge: params.get('code_challenge') ?? '',
    // Passed on as the authorize request gave it: the server checks it (S256 only) and says so.
    codeChallengeMethod: (params.get('code_challenge_method') ?? '') as 'S256',
  };
  const [view, setView] = useState<ConsentView | null>(null);
  const [storeId, setStoreId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    account.consent
      .get({ clientId: request.clientId, redirectUri: request.redirectUri, scope: request.scope })
      .then(
        (answer) => {
          setView(answer);
          setStoreId(answer.stores[0]?.id ?? '');
        },
        (e: unknown) => setError(refusal(e)),
      );
    // The request is the page's address (`search`): it does not change while the page is shown.
  }, [search]);

  const decide = async (shown: ConsentView, decision: 'allow' | 'deny', e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { redirectTo } = await account.consent.decide({
        ...request,
        // Exactly the scopes this page showed — never the request's (possibly empty) scope, which the
        // server would otherwise have to work out again, after the app's registration may have changed.
        scope: shown.scopes.map((s) => s.scope).join(' '),
        ...(storeId ? { storeId } : {}),
        decision,
      });
      window.location.assign(redirectTo);
    } catch (err) {
      setError(describe(err));
      setBusy(false);
    }
  };

  if (!view && !error) return <Loading what="Loading the app…" />;
  const name = view?.app.name ?? 'an app';
  const chosen = view?.stores.find((s) => s.id === storeId);
  const adds = chosen?.installed ? view!.scopes.filter((s) => !chosen.grantedScopes.includes(s.scope)) : [];
  return (
    <main id="main" className="narrow">
      <h1 className="wrap">Install {name}</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {view && (
        <form className="stack" onSubmit={(e) => void decide(view, 'allow', e)} noValidate>
          {view.app.homepageUrl && (
            <p className="muted wrap">
              From{' '}
              <a href={view.app.homepageUrl} rel="noreferrer noopener" target="_blank">
                {view.app.homepageUrl}
              </a>
            </p>
          )}
          {view.stores.length === 0 ? (
            <p>
              You have no store where you may install apps. The store’s owner, an admin or a developer can
              install it.
            </p>
          ) : (
            <Select label="Store" value={storeId} onChange={(e) => setStoreId(e.target.value)}>
              {view.stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                  {s.installed ? ' (installed)' : ''}
                </option>
              ))}
            </Select>
          )}
          <section aria-labelledby="consent-scopes">
            <h2 id="consent-scopes" className="wrap">
              {name} will be able to:
            </h2>
            <ul className="scopes">
              {view.scopes.map((s) => (
                <li key={s.scope}>{s.description}</li>
              ))}
            </ul>
            {chosen?.installed && (
              <p className="muted">
                {adds.length
                  ? 'It is installed in this store already: installing again gives it the new permissions above, and its earlier access ends.'
                  : 'It is installed in this store already, with these permissions.'}
              </p>
            )}
          </section>
          <div className="actions">
            <button type="submit" disabled={busy || !storeId}>
              Install
            </button>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() => void decide(view, 'deny')}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
