import { ReactNode, useEffect, useState } from 'react';
import { requestIdOf } from '../api';

/** Seconds left until `until` (epoch ms), ticking once a second; 0 when past. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until || until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * An error message that screen readers announce as it appears. An unexpected error's request id sits in
 * an expandable "Details for support" (a validation message never carries one).
 */
export function ErrorMessage({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  if (!children) return null;
  const requestId = typeof children === 'string' ? requestIdOf(children) : undefined;
  return (
    <div className="banner banner-error" role="alert">
      <p>{children}</p>
      {requestId && (
        <details>
          <summary>Details for support</summary>
          <p>
            Request id: <code>{requestId}</code>
          </p>
        </details>
      )}
      {onRetry && (
        <button type="button" className="secondary" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}

/** A page (or part) being loaded: an accessible status, not a bare text jump. */
export function Loading({ what = 'Loading…' }: { what?: string }) {
  return (
    <p className="loading" role="status" aria-busy="true">
      {what}
    </p>
  );
}

/** A status message (announced politely). */
export function Status({ children }: { children: ReactNode }) {
  return (
    <p className="banner banner-info" role="status" aria-live="polite">
      {children}
    </p>
  );
}

/** Copies text with the Clipboard API; says so in a live region. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {label}
      </button>
      <span role="status" aria-live="polite" className="copied">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}

/** "Load more …" under a paged list, while there is a next page. */
export function LoadMore({
  next,
  onClick,
  children,
}: {
  next: string | null;
  onClick(): void;
  children: ReactNode;
}) {
  if (!next) return null;
  return (
    <p>
      <button type="button" className="secondary" onClick={onClick}>
        {children}
      </button>
    </p>
  );
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString();
}
