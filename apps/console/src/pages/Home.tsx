import { ReactNode } from 'react';
import { Link } from 'react-router';
import { useStore } from './StorePage';

const STEPS = ['Basics', 'Branding', 'Contact and address', 'Social links'];

/** A store's landing page: the setup checklist while onboarding, what to do next once it is live. */
export function Home() {
  const { store, can } = useStore();
  const base = `/stores/${store.id}`;
  const done = store.onboarding.completedStages;
  if (store.status !== 'active' && !can('edit')) {
    return (
      <section aria-labelledby="home-title">
        <h2 id="home-title">Being set up</h2>
        <p>
          {done.length} of 4 setup steps are done. The store’s owner or an admin completes the setup; the
          store goes live then.
        </p>
      </section>
    );
  }
  if (store.status !== 'active') {
    const next = [1, 2, 3, 4].find((n) => !done.includes(n));
    return (
      <section aria-labelledby="home-title">
        <h2 id="home-title">Finish setting up</h2>
        <p>
          {done.length} of 4 steps done. The store goes live when every step is filled in and the setup is
          completed.
        </p>
        <ul className="checklist" aria-label="Setup checklist">
          {STEPS.map((label, i) => {
            const n = i + 1;
            const ok = done.includes(n);
            return (
              <li key={label}>
                <span className="tick" aria-hidden="true">
                  {ok ? '✓' : '○'}
                </span>
                <Link to={`${base}/setup?stage=${n}`}>
                  Step {n}: {label}
                </Link>
                <span className="muted"> — {ok ? 'done' : 'to do'}</span>
              </li>
            );
          })}
        </ul>
        <p>
          <Link className="button" to={`${base}/setup${next ? `?stage=${next}` : '?stage=5'}`}>
            {next ? 'Continue setup' : 'Review and complete'}
          </Link>
        </p>
        <p className="muted">
          Meanwhile you can read the <a href="/docs">API documentation</a>.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="home-title">
      <h2 id="home-title">What next</h2>
      <NextSteps base={base} integrations={can('integrations')} commerce={can('commerce')}>
        <Link to={`${base}/products`}>Add products</Link>
        {can('integrations') ? (
          <>
            , here or from your own systems through an <Link to={`${base}/apps`}>OAuth app</Link>.
          </>
        ) : (
          '.'
        )}
      </NextSteps>
    </section>
  );
}

/**
 * What to do once a store is live (its home page, the end of the setup wizard): a public token, products
 * (`children`: the two pages word this step apart), a webhook endpoint — the steps the member's role can
 * take (integrations: tokens and webhooks; commerce: products).
 */
export function NextSteps({
  base,
  children,
  integrations = true,
  commerce = true,
}: {
  base: string;
  children: ReactNode;
  integrations?: boolean;
  commerce?: boolean;
}) {
  return (
    <>
      <ol className="next-steps">
        {integrations && (
          <li>
            <Link to={`${base}/tokens`}>Create a public token</Link> so your web shop can read the catalogue.
          </li>
        )}
        {commerce && <li>{children}</li>}
        {integrations && (
          <li>
            <Link to={`${base}/webhooks`}>Add a webhook endpoint</Link> so your systems hear about new orders
            and product changes.
          </li>
        )}
        {!integrations && !commerce && (
          <li>
            See the <Link to={`${base}/products`}>products</Link>, the{' '}
            <Link to={`${base}/orders`}>orders</Link> and the <Link to={`${base}/activity`}>activity</Link> of
            the store.
          </li>
        )}
      </ol>
      <p>
        Every call is described in the <a href="/docs">API documentation</a>.
      </p>
    </>
  );
}
