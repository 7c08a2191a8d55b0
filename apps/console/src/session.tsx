import { createContext, ReactNode, useContext, useEffect, useState } from 'react';
import type { Session } from '@storefront-platform/sdk/browser';
import { account } from './api';

interface SessionState {
  /** undefined while the stored session is being read. */
  session: Session | null | undefined;
  /** Why the user was sent back to sign-in (the session ended elsewhere), shown on the sign-in page. */
  notice: string | null;
  /** Signs out on purpose (this device, or everywhere): no "session ended" notice. */
  signOut(everywhere?: boolean): Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

// Set while the user signs out on purpose, so the signed_out event is not reported as a surprise.
let leaving = false;

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    void account.session().then(setSession);
    const stop = account.onChange((event, next) => {
      if (event === 'signed_out') {
        // Not our own sign-out: the server refused the session (revoked elsewhere, or it ended).
        if (!leaving)
          setNotice('Your session has ended: it was signed out elsewhere or expired. Please sign in again.');
        setSession(null);
      } else {
        setNotice(null);
        setSession(next);
      }
    });
    // Another tab signed in or out.
    const onStorage = () => void account.session().then(setSession);
    window.addEventListener('storage', onStorage);
    return () => {
      stop();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signOut = async (everywhere = false) => {
    leaving = true;
    try {
      await (everywhere ? account.logoutAll() : account.logout());
    } catch {
      // Signed out here whatever the server said (the SDK forgets the session either way).
    } finally {
      leaving = false;
      setNotice(null);
      setSession(null);
    }
  };

  return <SessionContext.Provider value={{ session, notice, signOut }}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
