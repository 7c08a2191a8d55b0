import { FormEvent, Fragment, useState } from 'react';
import type { StoreOrder } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { usePagedList } from '../hooks/usePagedList';
import { Dialog } from '../ui/Dialog';
import { TextArea } from '../ui/Field';
import { ErrorMessage, formatDate, LoadMore } from '../ui/misc';
import { DataTable } from '../ui/Table';
import { formatMoney } from '../ui/money';
import { useStore } from './StorePage';

const PAGE = 20;

const short = (id: string) => id.slice(0, 8);

/** (v1.4) An order's payment status as the table says it. */
const PAYMENT_NAMES: Record<StoreOrder['paymentStatus'], string> = {
  pending: 'Pending',
  paid: 'Paid',
};

/** What the live region says after a move. */
const MOVED = { fulfil: 'fulfilled', cancel: 'cancelled', markPaid: 'marked paid' } as const;

/** An order's status as the table says it. */
const STATUS_NAMES: Record<StoreOrder['status'], string> = {
  open: 'Open',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};

/**
 * The store's orders (placed by its apps and its shoppers' checkouts), newest first; each row opens its
 * lines and total. A role that may (owner, admin, staff: `commerce`) fulfils or cancels an open order —
 * the buttons **Fulfil** and **Cancel order**, and (v1.4) marks a pending order paid — **Mark as paid**
 * (a checkout order is pending until then, and is cancelled when its stock hold runs out); other members
 * see no button.
 */
export function Orders() {
  const { store, can } = useStore();
  const moves = can('commerce');
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<StoreOrder | null>(null);
  const [reason, setReason] = useState('');
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const orders = usePagedList((after) => account.orders.list(store.id, { limit: PAGE, after }), [store.id]);

  /**
   * One move of an order; the row shows its answer. A refusal (another member was quicker) is said where
   * the move was asked for — the page, or the cancel dialog — and the list is read again.
   */
  const move = async (
    order: StoreOrder,
    to: 'fulfil' | 'cancel' | 'markPaid',
    why?: string,
    say: (message: string | null) => void = orders.setError,
  ) => {
    setBusy(order.id);
    say(null);
    try {
      const moved =
        to === 'fulfil'
          ? await account.orders.fulfil(store.id, order.id)
          : to === 'markPaid'
            ? await account.orders.markPaid(store.id, order.id)
            : await account.orders.cancel(store.id, order.id, why ? { reason: why } : {});
      orders.replace(moved);
      setStatus(`Order ${short(order.id)} ${MOVED[to]}.`);
      return true;
    } catch (e) {
      say(describe(e));
      if (e instanceof ApiError && e.code === 'order_status_conflict') void orders.load();
      return false;
    } finally {
      setBusy(null);
    }
  };

  const confirmCancel = async (e: FormEvent) => {
    e.preventDefault();
    if (!cancelling) return;
    if (await move(cancelling, 'cancel', reason.trim() || undefined, setCancelError)) setCancelling(null);
  };

  /**
   * Opens or closes an order. (v1.4) Its lines carry the title they were sold under (the product's, then
   * the variant's option values), so nothing more is read — a deleted product's line still says what it was.
   */
  const toggle = (order: StoreOrder) => {
    setOpen((s) => {
      const copy = new Set(s);
      if (copy.has(order.id)) copy.delete(order.id);
      else copy.add(order.id);
      return copy;
    });
  };

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      <p className="muted">
        Orders placed through the storefront by this store’s apps and shoppers, newest first.
      </p>
      <ErrorMessage>{orders.error}</ErrorMessage>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {orders.items?.length === 0 && <p>No orders yet.</p>}
      {orders.items && orders.items.length > 0 && (
        <DataTable
          caption={`Orders of ${store.name}`}
          columns={['Order', 'Placed', 'Customer', 'Items', 'Total', 'Payment', 'Status']}
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
                      onClick={() => toggle(order)}
                    >
                      <span id={`order-name-${order.id}`}>Order {short(order.id)}</span>
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
                  <td data-label="Payment">
                    <div>
                      <span className={`badge payment-${order.paymentStatus}`}>
                        {PAYMENT_NAMES[order.paymentStatus]}
                      </span>
                      {moves && order.paymentStatus === 'pending' && order.status !== 'cancelled' && (
                        <span className="order-moves">
                          <button
                            type="button"
                            className="secondary"
                            disabled={busy === order.id}
                            aria-describedby={`order-name-${order.id}`}
                            onClick={() => void move(order, 'markPaid')}
                          >
                            Mark as paid
                          </button>
                        </span>
                      )}
                    </div>
                  </td>
                  <td data-label="Status">
                    {/* One grid item on a phone's stacked row: the badge, then the buttons under it. */}
                    <div>
                      <span className={`badge status-${order.status}`}>{STATUS_NAMES[order.status]}</span>
                      {moves && order.status === 'open' && (
                        <span className="order-moves">
                          <button
                            type="button"
                            className="secondary"
                            disabled={busy === order.id}
                            aria-describedby={`order-name-${order.id}`}
                            onClick={() => void move(order, 'fulfil')}
                          >
                            Fulfil
                          </button>
                          <button
                            type="button"
                            className="secondary"
                            disabled={busy === order.id}
                            aria-describedby={`order-name-${order.id}`}
                            onClick={() => {
                              setReason('');
                              setCancelError(null);
                              setCancelling(order);
                            }}
                          >
                            Cancel order
                          </button>
                        </span>
                      )}
                    </div>
                  </td>
                </tr>
                {expanded && (
                  <tr className="order-detail" id={`order-${order.id}`}>
                    <td colSpan={7}>
                      {order.status === 'cancelled' && (
                        <p className="muted">
                          Cancelled {order.cancelledAt ? formatDate(order.cancelledAt) : ''}
                          {order.cancelReason ? `: ${order.cancelReason}` : ''} — its stock was put back.
                        </p>
                      )}
                      {order.paidAt && <p className="muted">Paid {formatDate(order.paidAt)}.</p>}
                      {order.status === 'fulfilled' && order.fulfilledAt && (
                        <p className="muted">Fulfilled {formatDate(order.fulfilledAt)}.</p>
                      )}
                      <ul className="lines" aria-label={`Lines of order ${short(order.id)}`}>
                        {order.lines.map((line, i) => (
                          <li key={i}>
                            <span className="line-title">
                              {line.title}
                              {line.sku && <span className="muted"> · SKU {line.sku}</span>}
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
      <Dialog
        title={`Cancel order ${cancelling ? short(cancelling.id) : ''}?`}
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
      >
        <form onSubmit={(e) => void confirmCancel(e)} className="stack" noValidate>
          <ErrorMessage>{cancelError}</ErrorMessage>
          <p>Every line’s stock goes back to the catalogue. A cancelled order cannot be fulfilled.</p>
          <TextArea
            label="Reason"
            hint="Optional; kept on the order."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={500}
            rows={2}
          />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => setCancelling(null)} autoFocus>
              Keep order
            </button>
            <button type="submit" className="danger" disabled={busy !== null}>
              Yes, cancel order
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
