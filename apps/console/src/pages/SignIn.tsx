import { FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { account, attention, CALLBACK_PATH, fieldErrors, RateLimitError, rememberReturn } from '../api';
import { useSession } from '../session';
import { Field } from '../ui/Field';
import { ErrorMessage, Status, useCountdown } from '../ui/misc';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', github: 'GitHub' };

export function SignIn() {
  const { notice } = useSession();
  // The page that asked for sign-in: shown again once signed in (it keeps its address; a social sign-in
  // leaves the page, so the callback comes back to it).
  const location = useLocation();
  const invitation = location.pathname.startsWith('/invitations/');
  const [providers, setProviders] = useState<string[]>([]);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resendIn = useCountdown(resendAt);
  const emailBox = useRef<HTMLInputElement>(null);
  const blockedFor = useCountdown(blockedUntil);

  useEffect(() => {
    account.providers().then(
      (p) => setProviders(p.providers.filter((name) => name in PROVIDER_NAMES)),
      () => setProviders([]),
    );
    const failed = new URLSearchParams(window.location.search).get('error');
    if (failed)
      setError(
        failed === 'access_denied' ? 'Sign-in was cancelled at the provider.' : `Sign-in failed (${failed}).`,
      );
  }, []);

  const fail = (e: unknown) => {
    if (e instanceof RateLimitError) setBlockedUntil(Date.now() + (e.retryAfter ?? 60) * 1000);
    const byField = fieldErrors(e);
    setErrors(byField);
    setError(attention(byField, e));
  };

  const send = async (e: FormEvent | React.MouseEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const sent = await account.login(email.trim());
      // As the service keeps it (trimmed, lower-cased), so a typo is easy to spot.
      setSentTo(email.trim().toLowerCase());
      setResendAt(Date.now() + sent.resendAfter * 1000);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  /** Back to the address box: a mistyped address must not hold the merchant for the resend countdown. */
  const another = () => {
    setSentTo(null);
    setResendAt(null);
    setCode('');
    setErrors({});
    setError(null);
    window.requestAnimationFrame(() => emailBox.current?.focus());
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!sentTo) return;
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      await account.verify(sentTo, code.trim());
      // The session provider hears signed_in and shows the stores.
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const social = async (provider: string) => {
    setError(null);
    try {
      rememberReturn(location.pathname + location.search);
      const { url } = await account.socialSignIn(provider as 'google' | 'github', {
        redirectUri: window.location.origin + CALLBACK_PATH,
      });
      window.location.assign(url);
    } catch (err) {
      fail(err);
    }
  };

  return (
    <main className="auth" id="main">
      <h1>Sign in to Storefront</h1>
      {notice && <Status>{notice}</Status>}
      {invitation && (
        <Status>
          Sign in to accept your invitation: use the e-mail address the invitation was sent to. You come back
          to the invitation right after.
        </Status>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {blockedFor > 0 && <Status>You can try again in {blockedFor} s.</Status>}
      <form onSubmit={send} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          readOnly={!!sentTo}
          ref={emailBox}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        {!sentTo && (
          <button type="submit" disabled={busy || !email.trim() || blockedFor > 0}>
            Send code
          </button>
        )}
      </form>
      {sentTo && (
        <form onSubmit={verify} noValidate>
          <p>
            We sent a 6-digit code to <strong className="sent-to">{sentTo}</strong>.
          </p>
          <Field
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.otp}
          />
          <div className="actions">
            <button type="submit" disabled={busy || !code.trim() || blockedFor > 0}>
              Sign in
            </button>
            <button type="button" className="secondary" onClick={another}>
              Use a different e-mail
            </button>
          </div>
          <div className="actions">
            <button
              type="button"
              className="link"
              disabled={busy || resendIn > 0 || blockedFor > 0}
              onClick={send}
            >
              Send code again
            </button>
            {resendIn > 0 && <span className="hint">You can ask for a new code in {resendIn} s.</span>}
          </div>
        </form>
      )}
      {providers.length > 0 && (
        <div className="social">
          <p className="divider">or</p>
          {providers.map((p) => (
            <button key={p} type="button" className="secondary" onClick={() => social(p)}>
              Continue with {PROVIDER_NAMES[p]}
            </button>
          ))}
        </div>
      )}
    </main>
  );
}
