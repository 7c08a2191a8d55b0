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

/** Events said as "<Noun “name”> <what> <by whom>": the noun, the field that names it, and what happened. */
const NAMED = new Map<string, [noun: string, field: 'title' | 'name', what: string]>([
  ['product.created', ['Product', 'title', 'created']],
  ['product.updated', ['Product', 'title', 'updated']],
  ['product.deleted', ['Product', 'title', 'deleted']],
  ['store.updated', ['Store', 'name', 'updated']],
  ['store.completed', ['Store', 'name', 'setup completed']],
  ['app.created', ['App', 'name', 'created']],
  ['app.deleted', ['App', 'name', 'deleted']],
  ['public_token.created', ['Public token', 'name', 'created']],
  ['public_token.rotated', ['Public token', 'name', 'rotated']],
  ['public_token.deleted', ['Public token', 'name', 'deleted']],
]);

/** What happened, to what, by whom — "Product “Tea” created by app “ERP sync”". */
export function sentence(event: StoreEvent, names: Names): string {
  const data = event.data as Record<string, unknown>;
  const id = str(data.id);
  const named = (noun: string, name: string | null) => (name ? `${noun} “${name}”` : noun);
  const nameOf = (field: 'title' | 'name') => str(data[field]) ?? (id ? (names.get(id) ?? null) : null);
  const actor = by(event.actor);
  const known = NAMED.get(event.type);
  if (known) {
    const [noun, field, what] = known;
    return `${named(noun, nameOf(field))} ${what} ${actor}`;
  }
  switch (event.type) {
    case 'order.created': {
      const total = data.total as MoneyValue | undefined;
      const email = str(data.customerEmail);
      const what = total ? `Order of ${formatMoney(total)}` : 'Order';
      return `${what}${email ? ` for ${email}` : ''} placed ${actor}`;
    }
    case 'app.secret_rotated':
      return `Secret of ${named('app', nameOf('name'))} rotated ${actor}`;
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
