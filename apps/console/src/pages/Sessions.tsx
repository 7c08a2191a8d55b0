import { useEffect, useState } from 'react';
import type { SessionInfo } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { useSession } from '../session';
import { ConfirmDialog } from '../ui/Dialog';
import { ErrorMessage, formatDate, Loading } from '../ui/misc';
import { DataTable, RowButton } from '../ui/Table';
import { deviceName } from '../userAgent';

const METHOD: Record<string, string> = { otp: 'E-mail code', google: 'Google', github: 'GitHub' };

/** The account's sessions: this device marked; revoke one, or sign out everywhere. */
export function Sessions() {
  const { signOut } = useSession();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [everywhere, setEverywhere] = useState(false);
  const load = () => {
    setError(null);
    return account.sessions.list().then(setSessions, (e: unknown) => setError(describe(e)));
  };
  useEffect(() => {
    void load();
  }, []);

  const revoke = async (s: SessionInfo) => {
    if (s.current) return signOut();
    try {
      await account.sessions.revoke(s.id);
      await load();
    } catch (e) {
      setError(describe(e));
    }
  };

  return (
    <main id="main">
      <div className="page-head">
        <h1>Sessions</h1>
        <button type="button" className="danger" onClick={() => setEverywhere(true)}>
          Sign out everywhere
        </button>
      </div>
      <p className="muted">
        Every device signed in to your account. Revoking one signs it out on its next request.
      </p>
      <ErrorMessage onRetry={sessions ? undefined : () => void load()}>{error}</ErrorMessage>
      {!sessions && !error && <Loading what="Loading sessions…" />}
      {sessions && (
        <DataTable
          caption="Your sessions"
          columns={['Device', 'IP address', 'Signed in with', 'Signed in', 'Last used']}
          actions
        >
          {sessions.map((s) => (
            <tr key={s.id} className={s.current ? 'current' : undefined}>
              <td data-label="Device">
                <span>
                  <span title={s.userAgent ?? undefined}>{deviceName(s.userAgent)}</span>
                  {s.current && <span className="badge badge-active">This device</span>}
                </span>
              </td>
              <td data-label="IP address">{s.ip ?? '—'}</td>
              <td data-label="Signed in with">{METHOD[s.method] ?? s.method}</td>
              <td data-label="Signed in">{formatDate(s.createdAt)}</td>
              <td data-label="Last used">{formatDate(s.lastUsedAt)}</td>
              <td className="row-actions">
                <RowButton
                  className="secondary"
                  label={s.current ? 'Sign out this device' : 'Revoke'}
                  item={s.current ? undefined : `session from ${s.ip ?? 'unknown address'}`}
                  onClick={() => revoke(s)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        title="Sign out everywhere?"
        open={everywhere}
        onCancel={() => setEverywhere(false)}
        confirm="Sign out all sessions"
        onConfirm={() => signOut(true)}
      >
        <p>Every session of your account ends, this one included.</p>
      </ConfirmDialog>
    </main>
  );
}
