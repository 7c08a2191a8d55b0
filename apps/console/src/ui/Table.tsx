import { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A table in a box that scrolls sideways on its own (on a phone each row becomes a card, its cells
 * labelled by `data-label`); the caption is for screen readers. With `actions`, a last column without a
 * visible heading holds each row's buttons.
 */
export function DataTable({
  caption,
  columns,
  actions = false,
  children,
}: {
  caption: string;
  columns: string[];
  actions?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A row's button: a short word on screen ("Delete"), and for screen readers the row it acts on
 * ("Delete Tea"), so that every row's button has a name of its own. Without `item`, a plain button
 * (`type="button"`): for an action in a card or a region that names what it acts on already.
 */
export function RowButton({
  label,
  item,
  ...button
}: { label: string; item?: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" {...button}>
      {label}
      {item && <span className="visually-hidden"> {item}</span>}
    </button>
  );
}

/** One button of ItemActions: `secondary`, or `danger` for what cannot be undone. */
export interface ItemAction {
  label: string;
  danger?: boolean;
  onClick(): void;
}

/**
 * The buttons of one item of a list (a card): each a RowButton named for screen readers with the item
 * ("Delete Tea app"), the item given once.
 */
export function ItemActions({ item, actions }: { item: string; actions: ItemAction[] }) {
  return (
    <div className="actions">
      {actions.map(({ label, danger, onClick }) => (
        <RowButton
          key={label}
          label={label}
          item={item}
          className={danger ? 'danger' : 'secondary'}
          onClick={onClick}
        />
      ))}
    </div>
  );
}
