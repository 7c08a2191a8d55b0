import { Fragment, useState } from 'react';
import type { StoreOrder } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { ErrorMessage, formatDate, LoadMore } from '../ui/misc';
import { DataTable } from '../ui/Table';
import { formatMoney } from '../ui/money';
import { useStore } from './StorePage';

const PAGE = 20;

/** What a line's product is called: its title, or null once it has been deleted (the line keeps its id). */
type Titles = Record<string, string | null>;

/** The store's orders (placed by its apps), newest first; each row opens its lines and total. */
export function Orders() {
  const { store } = useStore();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [titles, setTitles] = useState<Titles>({});

  const orders = usePagedList((after) => account.orders.list(store.id, { limit: PAGE, after }), [store.id]);

  /** Opens or closes an order; opening reads the titles of its products not known yet. */
  const toggle = async (order: StoreOrder) => {
    const opening = !open.has(order.id);
    setOpen((s) => {
      const copy = new Set(s);
      if (opening) copy.add(order.id);
      else copy.delete(order.id);
      return copy;
    });
    if (!opening) return;
    const missing = [...new Set(order.lines.map((l) => l.productId))].filter((id) => !(id in titles));
    const found = await Promise.all(
      missing.map(async (id) => {
        try {
          return [id, (await account.products.get(store.id, id)).title] as const;
        } catch (e) {
          if (e instanceof ApiError && e.status === 404) return [id, null] as const;
          throw e;
        }
      }),
    ).catch((e: unknown) => {
      orders.setError(describe(e));
      return [];
    });
    setTitles((t) => ({ ...t, ...Object.fromEntries(found) }));
  };

  const short = (id: string) => id.slice(0, 8);

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      <p className="muted">Orders placed through the storefront by this store’s apps, newest first.</p>
      <ErrorMessage>{orders.error}</ErrorMessage>
      {orders.items?.length === 0 && <p>No orders yet.</p>}
      {orders.items && orders.items.length > 0 && (
        <DataTable
          caption={`Orders of ${store.name}`}
          columns={['Order', 'Placed', 'Customer', 'Items', 'Total']}
        >
          {orders.items.map((order) => {
            const expanded = open.has(order.id);
            const items = order.lines.reduce((n, l) => n + l.quantity, 0);
            return (
              <Fragment key={order.id}>
                <tr>
                  <td data-label="Order">
                    <button
                      type="button"
                      className="link"
                      aria-expanded={expanded}
                      aria-controls={`order-${order.id}`}
                      onClick={() => void toggle(order)}
                    >
                      Order {short(order.id)}
                    </button>
                  </td>
                  <td data-label="Placed">{formatDate(order.createdAt)}</td>
                  <td data-label="Customer">{order.customerEmail}</td>
                  <td data-label="Items" className="nowrap">
                    {items}
                  </td>
                  <td data-label="Total" className="nowrap">
                    {formatMoney(order.total)}
                  </td>
                </tr>
                {expanded && (
                  <tr className="order-detail" id={`order-${order.id}`}>
                    <td colSpan={5}>
                      <ul className="lines" aria-label={`Lines of order ${short(order.id)}`}>
                        {order.lines.map((line, i) => (
                          <li key={i}>
                            <span className="line-title">
                              {titles[line.productId] === undefined
                                ? 'Loading…'
                                : (titles[line.productId] ?? `Deleted product ${short(line.productId)}`)}
                            </span>
                            <span className="line-figures">
                              {line.quantity} × {formatMoney(line.unitPrice)} ={' '}
                              <strong>{formatMoney(line.lineTotal)}</strong>
                            </span>
                          </li>
                        ))}
                        <li className="line-total">
                          <span className="line-title">Total</span>
                          <span className="line-figures">
                            <strong>{formatMoney(order.total)}</strong>
                          </span>
                        </li>
                      </ul>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
      <LoadMore next={orders.next} onClick={orders.more}>
        Load more orders
      </LoadMore>
    </section>
  );
}
