import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Account } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { useSession } from '../session';
import { ErrorMessage } from '../ui/misc';

/** Why an accept was refused, in words, and what to do about it. */
function refusal(error: unknown, me: Account | null): { text: string; signOut?: boolean } {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'invitation_email_mismatch':
        return {
          text: `This invitation was sent to another e-mail address${me ? ` than ${me.email}` : ''}. Sign out, then sign in with the address the invitation was sent to.`,
          signOut: true,
        };
      case 'invitation_not_found':
        return {
          text: 'This invitation link no longer works: it was already used, revoked or replaced by a newer one, or it expired. Ask the store for a new invitation.',
        };
      case 'already_member':
        return { text: 'You are already a member of this store.' };
      case 'member_limit_reached':
        return {
          text: 'This store has as many members as it can have. Ask the store to make room, then try again.',
        };
    }
  }
  return { text: describe(error) };
}

/**
 * The page an invitation mail links to (`/console/invitations/<token>`). Signed out, the console asks for
 * sign-in first and comes back here (the address stays); signed in, one button accepts the invitation for
 * the signed-in account, whose e-mail must be the one the invitation was sent to.
 */
export function Invitation() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [me, setMe] = useState<Account | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ text: string; signOut?: boolean } | null>(null);

  useEffect(() => {
    account.me().then(setMe, () => setMe(null));
  }, []);

  const accept = async () => {
    setBusy(true);
    setRefused(null);
    try {
      const joined = await account.invitations.accept(token);
      void navigate(`/stores/${joined.storeId}`, { replace: true });
    } catch (error) {
      setRefused(refusal(error, me));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="narrow">
      <h1>Join a store</h1>
      <p>
        You have been invited to help run a store on Storefront. Accepting makes you a member of it, with the
        role the invitation gives.
      </p>
      {me && (
        <p>
          Signed in as <strong className="wrap">{me.email}</strong>: the invitation must have been sent to
          this address.
        </p>
      )}
      <ErrorMessage>{refused?.text}</ErrorMessage>
      <div className="actions">
        <button type="button" onClick={() => void accept()} disabled={busy || !token}>
          Accept invitation
        </button>
        {refused?.signOut && (
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        )}
        <Link to="/" className="button secondary">
          Your stores
        </Link>
      </div>
    </main>
  );
}
