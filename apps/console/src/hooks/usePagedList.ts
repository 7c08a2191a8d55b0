import { DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { describe } from '../api';

/** One page of a REST list, as the SDK returns it. */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

interface Options {
  /** A first page read without fault clears the error on the page (the list's, or an action's before it). */
  clearError?: boolean;
  /** Once an older page is loaded, a refresh re-reads the first page and keeps the older ones below it. */
  keepOlder?: boolean;
}

/**
 * A list read a page at a time: the first page now and whenever `deps` change (and on `load()`), the next
 * one on `more()`, appended. `read(after)` reads the page after a cursor (the first without one); a failure
 * is said in `error`, which the page's own actions may set too.
 */
export function usePagedList<T extends { id: string }>(
  read: (after?: string) => Promise<Page<T>>,
  deps: DependencyList,
  { clearError = false, keepOlder = false }: Options = {},
) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loadedMore = useRef(false);

  const load = useCallback(
    () =>
      read().then(
        (page) => {
          if (clearError) setError(null);
          if (keepOlder && loadedMore.current) {
            const fresh = new Set(page.data.map((item) => item.id));
            setItems((old) => [...page.data, ...(old ?? []).filter((item) => !fresh.has(item.id))]);
            return;
          }
          setItems(page.data);
          setNext(page.nextCursor);
        },
        (e: unknown) => setError(describe(e)),
      ),
    deps,
  );
  useEffect(() => {
    void load();
  }, [load]);

  const more = async () => {
    if (!next) return;
    try {
      const page = await read(next);
      loadedMore.current = true;
      setItems((old) => [...(old ?? []), ...page.data]);
      setNext(page.nextCursor);
    } catch (e) {
      setError(describe(e));
    }
  };

  /** Puts a changed item in place of the one with its id (an action's answer), leaving the rest as they are. */
  const replace = (item: T) => setItems((old) => old?.map((i) => (i.id === item.id ? item : i)) ?? old);

  return { items, next, error, setError, load, more, replace };
}
