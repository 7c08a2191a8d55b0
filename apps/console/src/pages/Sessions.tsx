import { useEffect, useState } from 'react';
import type { SessionInfo } from '@storefront-platform/sdk/browser';
import { account, describe } from '../api';
import { useSession } from '../session';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage, formatDate, Loading } from '../ui/misc';
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
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Your sessions</caption>
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">IP address</th>
                <th scope="col">Signed in with</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
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
                    <button type="button" className="secondary" onClick={() => revoke(s)}>
                      {s.current ? 'Sign out this device' : 'Revoke'}
                      {!s.current && (
                        <span className="visually-hidden"> session from {s.ip ?? 'unknown address'}</span>
                      )}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog title="Sign out everywhere?" open={everywhere} onClose={() => setEverywhere(false)}>
        <p>Every session of your account ends, this one included.</p>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setEverywhere(false)} autoFocus>
            Cancel
          </button>
          <button type="button" className="danger" onClick={() => signOut(true)}>
            Sign out all sessions
          </button>
        </div>
      </Dialog>
    </main>
  );
}
