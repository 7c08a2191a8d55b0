import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Account, InvitationPreview } from '@storefront-platform/sdk/browser';
import { account, ApiError, describe } from '../api';
import { useSession } from '../session';
import { ErrorMessage, formatDate, Loading } from '../ui/misc';
import { ROLE_DESCRIPTIONS, withArticle } from '../ui/roles';

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
  /** What the link offers; `false` once the server said the link no longer works. */
  const [offer, setOffer] = useState<InvitationPreview | false | null>(null);

  useEffect(() => {
    account.me().then(setMe, () => setMe(null));
    account.invitations.preview(token).then(setOffer, (error: unknown) => {
      setOffer(false);
      setRefused(refusal(error, null));
    });
  }, [token]);

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
      <h1>{offer ? <>Join {offer.storeName}</> : 'Join a store'}</h1>
      {offer === null && <Loading what="Reading the invitation…" />}
      {offer && (
        <div className="invitation">
          <p>
            <strong className="wrap">{offer.invitedBy.email}</strong> invited{' '}
            <strong className="wrap">{offer.email}</strong> to help run{' '}
            <strong className="wrap">{offer.storeName}</strong> on Storefront as{' '}
            <strong>{withArticle(offer.role)}</strong>.
          </p>
          <p className="muted">
            {withArticle(offer.role).replace(/^./, (c) => c.toUpperCase())} may:{' '}
            {ROLE_DESCRIPTIONS[offer.role]} The link works until {formatDate(offer.expiresAt)}, once.
          </p>
        </div>
      )}
      {me && offer && (
        <p>
          Signed in as <strong className="wrap">{me.email}</strong>
          {me.email === offer.email
            ? ': accepting makes this account a member of the store.'
            : `: the invitation was sent to ${offer.email}. Sign out and sign in with that address to accept it.`}
        </p>
      )}
      <ErrorMessage>{refused?.text}</ErrorMessage>
      <div className="actions">
        <button type="button" onClick={() => void accept()} disabled={busy || !token || offer === false}>
          Accept invitation
        </button>
        {(refused?.signOut || (me && offer && me.email !== offer.email)) && (
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
