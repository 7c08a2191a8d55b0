import { ReactNode, useEffect, useId, useRef } from 'react';
import { CopyButton } from './misc';

interface DialogProps {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: showModal() traps focus and makes the rest of the page
 * inert; Escape closes it; focus returns to the control that opened it.
 */
export function Dialog({ title, open, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <h2 id={`${id}-title`}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}

/** Asks before something that cannot be undone: Cancel (focused first) or the dangerous action. */
export function ConfirmDialog({
  title,
  open,
  onCancel,
  confirm,
  onConfirm,
  children,
}: {
  title: string;
  open: boolean;
  onCancel(): void;
  /** The dangerous button's words, e.g. "Delete app". */
  confirm: string;
  onConfirm(): void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open={open} onClose={onCancel}>
      {children}
      <div className="actions">
        <button type="button" className="secondary" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * A secret shown this once, right after it is made (only its hash is kept): a warning, the secret as the
 * caller lays it out (`children`), a Copy button, any `actions`, then Done (focused first). Open while
 * `secret` is set.
 */
export function SecretDialog({
  title,
  secret,
  copyLabel,
  warning,
  onClose,
  actions,
  children,
}: {
  title: string;
  secret: string | null;
  copyLabel: string;
  warning: ReactNode;
  onClose(): void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open={secret !== null} onClose={onClose}>
      {secret !== null && (
        <>
          <p className="warning" role="alert">
            {warning}
          </p>
          {children}
          <div className="actions">
            <CopyButton text={secret} label={copyLabel} />
            {actions}
            <button type="button" onClick={onClose} autoFocus>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
