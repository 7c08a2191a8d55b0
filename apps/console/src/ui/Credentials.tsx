import { FormEvent, ReactNode } from 'react';
import type { PendingAction } from '../hooks/useCredentials';
import { ConfirmDialog } from './Dialog';
import { CheckboxGroup, Field } from './Field';
import { RowButton } from './Table';

/**
 * The form of a new credential (an OAuth app, a public token): its name and scopes (and the fields a
 * kind adds, as `children`); Create is offered once a name is typed.
 */
export function NewCredentialForm<Scope extends string>({
  heading,
  nameLabel,
  submit,
  scopeOptions,
  scopesError = false,
  form,
  children,
}: {
  heading: string;
  nameLabel: string;
  /** The submit button's words. */
  submit: string;
  scopeOptions: readonly Scope[];
  /** Whether the server's word on the scopes is shown under them. */
  scopesError?: boolean;
  form: {
    name: string;
    setName(name: string): void;
    scopes: Scope[];
    setScopes(scopes: Scope[]): void;
    errors: Record<string, string>;
    create(e: FormEvent): void;
  };
  /** Further fields of this kind of credential, after the scopes (a public token's allowed origins). */
  children?: ReactNode;
}) {
  return (
    <form onSubmit={form.create} className="stack" noValidate>
      <h3>{heading}</h3>
      <Field
        label={nameLabel}
        value={form.name}
        onChange={(e) => form.setName(e.target.value)}
        error={form.errors.name}
        required
      />
      <CheckboxGroup
        legend="Scopes"
        options={scopeOptions}
        value={form.scopes}
        onChange={form.setScopes}
        error={scopesError ? form.errors.scopes : undefined}
      />
      {children}
      <div className="actions">
        <button type="submit" disabled={!form.name.trim()}>
          {submit}
        </button>
      </div>
    </form>
  );
}

/** A credential's row buttons: rotate its secret, or delete it; each asks first. */
export function RotateDeleteCell({
  name,
  rotate,
  rotateItem = name,
  onAsk,
  children,
}: {
  name: string;
  /** The rotate button's word on screen, and (by default the name) what a screen reader hears after it. */
  rotate: string;
  rotateItem?: string;
  onAsk(action: 'rotate' | 'delete'): void;
  /** Buttons of this kind of credential, before the two (a public token's Edit origins). */
  children?: ReactNode;
}) {
  return (
    <td className="row-actions">
      {children}
      <RowButton className="secondary" label={rotate} item={rotateItem} onClick={() => onAsk('rotate')} />
      <RowButton className="danger" label="Delete" item={name} onClick={() => onAsk('delete')} />
    </td>
  );
}

/** Asks before a credential is rotated or deleted: either way its current secret stops working at once. */
export function RotateDeleteDialog<T extends { name: string }>({
  pending,
  rotateTitle,
  deleteLabel,
  onCancel,
  onConfirm,
  children,
}: {
  pending: PendingAction<T> | null;
  rotateTitle(name: string): string;
  /** The delete button's words, e.g. "Delete app". */
  deleteLabel: string;
  onCancel(): void;
  onConfirm(): void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={
        pending?.action === 'rotate' ? rotateTitle(pending.item.name) : `Delete ${pending?.item.name ?? ''}?`
      }
      open={pending !== null}
      onCancel={onCancel}
      confirm={pending?.action === 'rotate' ? 'Rotate' : deleteLabel}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
