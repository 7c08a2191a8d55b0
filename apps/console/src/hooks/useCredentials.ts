import { FormEvent, useEffect, useState } from 'react';
import { attention, describe, fieldErrors, FieldErrors } from '../api';
import { useStepUp } from '../ui/StepUp';

/** What the page does to a store's credentials of one kind (OAuth apps, public tokens) through the SDK. */
export interface CredentialCalls<T, Issued, Scope> {
  list(): Promise<T[]>;
  create(name: string, scopes: Scope[]): Promise<Issued>;
  rotate(item: T): Promise<Issued>;
  delete(item: T): Promise<unknown>;
}

/** The rotation or deletion waiting for the user's yes. */
export interface PendingAction<T> {
  item: T;
  action: 'rotate' | 'delete';
}

/**
 * A store's credentials of one kind: the list, the form of a new one (name and scopes), and rotate or
 * delete after a confirmation. A created or rotated one's secret is `issued` until the page closes it:
 * it is shown only that once. `deps` say when the list is read again (the store).
 */
export function useCredentials<T, Issued, Scope extends string>(
  calls: CredentialCalls<T, Issued, Scope>,
  initialScopes: Scope[],
  deps: unknown[],
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(initialScopes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [pending, setPending] = useState<PendingAction<T> | null>(null);
  const stepUp = useStepUp();

  const load = () => calls.list().then(setItems, (e: unknown) => setError(describe(e)));
  useEffect(() => {
    void load();
  }, deps);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setErrors({});
    try {
      setIssued(await calls.create(name.trim(), scopes));
      setName('');
      await load();
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setError(attention(byField, err));
    }
  };

  /** Carries out the confirmed rotation or deletion (an app's secrets ask Confirm it's you first). */
  const act = async () => {
    if (!pending) return;
    const { item, action } = pending;
    setPending(null);
    try {
      await stepUp.run(async () => {
        if (action === 'rotate') setIssued(await calls.rotate(item));
        else await calls.delete(item);
        await load();
      });
    } catch (err) {
      setError(describe(err));
    }
  };

  return {
    items,
    error,
    load,
    form: { name, setName, scopes, setScopes, errors, create },
    issued,
    closeIssued: () => setIssued(null),
    pending,
    setPending,
    act,
  };
}
