import { useEffect, useState } from 'react';
import { isRole } from '@storefront-platform/sdk/browser';
import type { StoreEvent } from '@storefront-platform/sdk/browser';
import { account } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { ErrorMessage, formatDate, LoadMore } from '../ui/misc';
import { formatMoney, MoneyValue } from '../ui/money';
import { ROLE_NAMES, withArticle } from '../ui/roles';
import { useStore } from './StorePage';

const PAGE = 50;

/** Names of things seen in the loaded events (a deletion carries only the id): id → name. */
type Names = Map<string, string>;

/** Who is who among the accounts that act on the store: the signed-in one, and members' e-mails by id. */
export interface People {
  me: string | null;
  emails: Map<string, string>;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * "by you", by a member (its e-mail: events name an account by id only), by app “ERP sync”, by Storefront.
 * A member who has left since, and whose e-mail no loaded event shows, is "a former member".
 */
function by(actor: StoreEvent['actor'], people: People): string {
  if (actor.type === 'account') {
    if (actor.id && actor.id === people.me) return 'by you';
    const email = actor.id ? people.emails.get(actor.id) : undefined;
    return email ? `by ${email}` : 'by a former member';
  }
  if (actor.type === 'app') return actor.name ? `by app “${actor.name}”` : 'by an app';
  // A shopper's checkout, through a public token of the store.
  if (actor.type === 'public_token')
    return actor.name ? `at checkout through “${actor.name}”` : 'at checkout';
  return 'by Storefront';
}

/** A member in an event's data (member.*, store.transferred): its e-mail, or "a member". */
const who = (member: unknown): string => str((member as { email?: unknown } | null)?.email) ?? 'a member';
/** "as an admin", "to developer" — a role in an event's data, in words. */
const role = (value: unknown): string => (isRole(value) ? withArticle(value) : 'a member');

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
export function sentence(event: StoreEvent, names: Names, people: People): string {
  const data = event.data as Record<string, unknown>;
  const id = str(data.id);
  const named = (noun: string, name: string | null) => (name ? `${noun} “${name}”` : noun);
  const nameOf = (field: 'title' | 'name') => str(data[field]) ?? (id ? (names.get(id) ?? null) : null);
  const actor = by(event.actor, people);
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
    case 'order.fulfilled':
    case 'order.cancelled': {
      const what = event.type === 'order.fulfilled' ? 'fulfilled' : 'cancelled';
      const reason = event.type === 'order.cancelled' ? str(data.cancelReason) : null;
      return `Order ${id ? id.slice(0, 8) : ''} ${what} ${actor}${reason ? ` (${reason})` : ''}`;
    }
    case 'app.secret_rotated':
      return `Secret of ${named('app', nameOf('name'))} rotated ${actor}`;
    case 'webhook.test':
      return `Test event sent to a webhook endpoint ${actor}`;
    case 'member.invited':
      return `${who(data)} invited as ${role(data.role)} ${actor}`;
    case 'member.joined':
      return `${who(data)} joined as ${role(data.role)}`;
    case 'member.role_changed':
      return `Role of ${who(data)} changed to ${isRole(data.role) ? ROLE_NAMES[data.role].toLowerCase() : 'another'} ${actor}`;
    case 'member.removed':
      return event.actor.id === data.accountId
        ? `${who(data)} left the store`
        : `${who(data)} removed ${actor}`;
    case 'store.transferred':
      return `Ownership transferred from ${who(data.from)} to ${who(data.to)}`;
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

/** Members' e-mails by account id: from the members list, and from the member events (who has left too). */
function emailsIn(events: StoreEvent[], members: Map<string, string>): Map<string, string> {
  const emails = new Map(members);
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    for (const member of [data, data.from, data.to]) {
      const m = member as { accountId?: unknown; email?: unknown } | undefined;
      const id = str(m?.accountId);
      const email = str(m?.email);
      if (id && email && !emails.has(id)) emails.set(id, email);
    }
  }
  return emails;
}

/** The store's events, newest first, in words. */
export function Activity() {
  const { store } = useStore();
  const events = usePagedList((after) => account.events.list(store.id, { limit: PAGE, after }), [store.id]);
  const [me, setMe] = useState<string | null>(null);
  const [members, setMembers] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    // Names for the account actors; the sentences stand without them ("by a former member").
    account.me().then(
      (a) => setMe(a.id),
      () => setMe(null),
    );
    account.members.list(store.id).then(
      (list) => setMembers(new Map(list.map((m) => [m.accountId, m.email]))),
      () => setMembers(new Map()),
    );
  }, [store.id]);

  const names = namesIn(events.items ?? []);
  const people: People = { me, emails: emailsIn(events.items ?? [], members) };
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
              <span className="activity-what">{sentence(event, names, people)}</span>
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
