import { ReactNode, useEffect, useId, useRef } from 'react';

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
