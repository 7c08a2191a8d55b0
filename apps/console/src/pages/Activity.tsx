import type { StoreEvent } from '@storefront-platform/sdk/browser';
import { account } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { ErrorMessage, formatDate, LoadMore } from '../ui/misc';
import { formatMoney, MoneyValue } from '../ui/money';
import { useStore } from './StorePage';

const PAGE = 50;

/** Names of things seen in the loaded events (a deletion carries only the id): id → name. */
type Names = Map<string, string>;

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** "by you" (the owner: an account actor is always the store's owner), by app “ERP sync”, by Storefront. */
function by(actor: StoreEvent['actor']): string {
  if (actor.type === 'account') return 'by you';
  if (actor.type === 'app') return actor.name ? `by app “${actor.name}”` : 'by an app';
  return 'by Storefront';
}

/** What happened, to what, by whom — "Product “Tea” created by app “ERP sync”". */
export function sentence(event: StoreEvent, names: Names): string {
  const data = event.data as Record<string, unknown>;
  const id = str(data.id);
  const named = (noun: string, name: string | null) => (name ? `${noun} “${name}”` : noun);
  const nameOf = (field: 'title' | 'name') => str(data[field]) ?? (id ? (names.get(id) ?? null) : null);
  const actor = by(event.actor);
  switch (event.type) {
    case 'product.created':
      return `${named('Product', nameOf('title'))} created ${actor}`;
    case 'product.updated':
      return `${named('Product', nameOf('title'))} updated ${actor}`;
    case 'product.deleted':
      return `${named('Product', nameOf('title'))} deleted ${actor}`;
    case 'order.created': {
      const total = data.total as MoneyValue | undefined;
      const email = str(data.customerEmail);
      const what = total ? `Order of ${formatMoney(total)}` : 'Order';
      return `${what}${email ? ` for ${email}` : ''} placed ${actor}`;
    }
    case 'store.updated':
      return `${named('Store', nameOf('name'))} updated ${actor}`;
    case 'store.completed':
      return `${named('Store', nameOf('name'))} setup completed ${actor}`;
    case 'app.created':
      return `${named('App', nameOf('name'))} created ${actor}`;
    case 'app.secret_rotated':
      return `Secret of ${named('app', nameOf('name'))} rotated ${actor}`;
    case 'app.deleted':
      return `${named('App', nameOf('name'))} deleted ${actor}`;
    case 'public_token.created':
      return `${named('Public token', nameOf('name'))} created ${actor}`;
    case 'public_token.rotated':
      return `${named('Public token', nameOf('name'))} rotated ${actor}`;
    case 'public_token.deleted':
      return `${named('Public token', nameOf('name'))} deleted ${actor}`;
    case 'webhook.test':
      return `Test event sent to a webhook endpoint ${actor}`;
    default:
      return `${event.type} ${actor}`;
  }
}

/** Remembers the latest title or name of every resource in the events, for the deletions that follow. */
function namesIn(events: StoreEvent[]): Names {
  const names: Names = new Map();
  // Newest first: the first name met for an id is its latest.
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    const id = str(data.id);
    const name = str(data.title) ?? str(data.name);
    if (id && name && !names.has(id)) names.set(id, name);
  }
  return names;
}

/** The store's events, newest first, in words. */
export function Activity() {
  const { store } = useStore();
  const events = usePagedList((after) => account.events.list(store.id, { limit: PAGE, after }), [store.id]);

  const names = namesIn(events.items ?? []);
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <p className="muted">Every change to this store, newest first.</p>
      <ErrorMessage>{events.error}</ErrorMessage>
      {events.items?.length === 0 && <p>Nothing has happened yet.</p>}
      {events.items && events.items.length > 0 && (
        <ol className="activity" aria-label="Events">
          {events.items.map((event) => (
            <li key={event.id}>
              <span className="activity-what">{sentence(event, names)}</span>
              <time className="muted" dateTime={event.createdAt}>
                {formatDate(event.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
      <LoadMore next={events.next} onClick={events.more}>
        Load older events
      </LoadMore>
    </section>
  );
}
