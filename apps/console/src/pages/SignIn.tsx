import { FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  account,
  ApiError,
  attention,
  CALLBACK_PATH,
  fieldErrors,
  RateLimitError,
  rememberReturn,
  SecondFactorRequiredError,
  takeSecondStep,
} from '../api';
import { passkeysSupported, answerWithPasskey } from '../passkeys';
import { useSession } from '../session';
import { CodeField } from '../ui/CodeField';
import { Field } from '../ui/Field';
import { ErrorMessage, Status, useCountdown } from '../ui/misc';

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', github: 'GitHub' };

/**
 * The code step survives a reload (this tab only): the address the code went to, when a new one may be
 * asked for, and when the code dies. Without it a reload showed the address box again, and Send code met
 * the resend limit for a code the person already had.
 */
const PENDING_KEY = 'storefront.console.sign-in';
interface PendingCode {
  sentTo: string;
  resendAt: number;
  expiresAt: number;
}
function pendingCode(): PendingCode | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingCode | null;
    return kept && kept.expiresAt > Date.now() ? kept : null;
  } catch {
    return null;
  }
}
function keepPending(pending: PendingCode | null): void {
  if (pending) sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  else sessionStorage.removeItem(PENDING_KEY);
}

export function SignIn() {
  const { notice } = useSession();
  // The page that asked for sign-in: shown again once signed in (it keeps its address; a social sign-in
  // leaves the page, so the callback comes back to it).
  const location = useLocation();
  const invitation = location.pathname.startsWith('/invitations/');
  const [providers, setProviders] = useState<string[]>([]);
  /** Development without SMTP: the code is in the server's log, and the page says so. */
  const [codeInLog, setCodeInLog] = useState(false);
  const [kept] = useState(pendingCode);
  const [email, setEmail] = useState(kept?.sentTo ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(kept?.sentTo ?? null);
  const [resendAt, setResendAt] = useState<number | null>(kept?.resendAt ?? null);
  /** Said when Send code met the resend limit: the code sent before still works. */
  const [already, setAlready] = useState(false);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** (v1.4) The second step: the account has a factor; its mfaToken and the methods it accepts. */
  // After Google or GitHub, the callback page hands the second step over (takeSecondStep).
  const [mfa, setMfa] = useState<{ token: string; methods: readonly string[] } | null>(takeSecondStep);
  const [useRecovery, setUseRecovery] = useState(() => !!mfa && !mfa.methods.includes('totp'));
  const [answer, setAnswer] = useState('');
  const resendIn = useCountdown(resendAt);
  const emailBox = useRef<HTMLInputElement>(null);
  const blockedFor = useCountdown(blockedUntil);

  useEffect(() => {
    account.providers().then(
      (p) => {
        setProviders(p.providers.filter((name) => name in PROVIDER_NAMES));
        setCodeInLog(p.codeDelivery === 'log');
      },
      () => setProviders([]),
    );
    const failed = new URLSearchParams(window.location.search).get('error');
    if (failed)
      setError(
        failed === 'access_denied' ? 'Sign-in was cancelled at the provider.' : `Sign-in failed (${failed}).`,
      );
  }, []);

  const fail = (e: unknown) => {
    // A 429 is said once, by the live countdown below: the error's own "Try again in 46 s" would stand
    // still beside it and contradict it a second later.
    if (e instanceof RateLimitError) {
      setBlockedUntil(Date.now() + (e.retryAfter ?? 60) * 1000);
      return;
    }
    const byField = fieldErrors(e);
    setErrors(byField);
    setError(attention(byField, e));
  };

  const send = async (e: FormEvent | React.MouseEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    setAlready(false);
    // As the service keeps it (trimmed, lower-cased), so a typo is easy to spot.
    const address = email.trim().toLowerCase();
    try {
      const sent = await account.login(email.trim());
      const resend = Date.now() + sent.resendAfter * 1000;
      setSentTo(address);
      setResendAt(resend);
      keepPending({ sentTo: address, resendAt: resend, expiresAt: Date.now() + sent.expiresIn * 1000 });
    } catch (err) {
      if (err instanceof RateLimitError && !sentTo) {
        // A code went to this address a moment ago (another tab, a reload): it still works, so the code
        // box opens with one countdown until a new one may be asked for.
        const resend = Date.now() + (err.retryAfter ?? 60) * 1000;
        setSentTo(address);
        setResendAt(resend);
        setAlready(true);
      } else fail(err);
    } finally {
      setBusy(false);
    }
  };

  /** Back to the address box: a mistyped address must not hold the merchant for the resend countdown. */
  const another = () => {
    keepPending(null);
    setAlready(false);
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
      keepPending(null);
      // The session provider hears signed_in and shows the stores.
    } catch (err) {
      if (err instanceof SecondFactorRequiredError) {
        keepPending(null);
        setMfa({ token: err.mfaToken, methods: err.methods });
        setUseRecovery(!err.methods.includes('totp'));
        setAnswer('');
      } else fail(err);
    } finally {
      setBusy(false);
    }
  };

  /** Used, expired (300 s) or dead after 5 wrong answers: start again from the e-mail code. */
  const restart = () => {
    setMfa(null);
    setSentTo(null);
    setResendAt(null);
    setCode('');
    setError(
      'This sign-in took too long or had too many wrong codes. Send a new e-mail code to start again.',
    );
  };

  /** The second step: a code of the authenticator app, or a recovery code. */
  const second = async (e: FormEvent) => {
    e.preventDefault();
    if (!mfa) return;
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const typed = answer.trim();
      await account.completeSignIn(
        useRecovery ? { mfaToken: mfa.token, recoveryCode: typed } : { mfaToken: mfa.token, totp: typed },
      );
      // The session provider hears signed_in and shows the stores.
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_mfa_token') restart();
      else fail(err);
    } finally {
      setBusy(false);
    }
  };

  /** A passkey: the second step (with the mfaToken), or the whole sign-in (no e-mail code). */
  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      if (mfa) {
        const passkey = await answerWithPasskey(await account.signInPasskeyOptions(mfa.token));
        await account.completeSignIn({ mfaToken: mfa.token, passkey });
      } else {
        await account.signInWithPasskey(await answerWithPasskey(await account.passkeySignInOptions()));
      }
      keepPending(null);
      // The session provider hears signed_in and shows the stores.
    } catch (err) {
      if (mfa && err instanceof ApiError && err.code === 'invalid_mfa_token') restart();
      else fail(err);
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setUseRecovery((r) => !r);
    setAnswer('');
    setError(null);
    setErrors({});
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
      {codeInLog && (
        <p className="hint" data-testid="code-in-log">
          Development server: no mail server is set up (<code>SMTP_URL</code>), so sign-in codes are not
          e-mailed — each one is written to the server’s log. Look there for “sign-in code”.
        </p>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {blockedFor > 0 && <Status>Too many attempts. You can try again in {blockedFor} s.</Status>}
      {/* After Google or GitHub there is no address to show: only the second step. */}
      <form onSubmit={send} noValidate hidden={!!mfa && !sentTo}>
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
      {mfa && (
        <form onSubmit={second} noValidate aria-labelledby="second-step">
          <h2 id="second-step">Two-step verification</h2>
          <p>
            {!useRecovery
              ? 'Enter the 6-digit code from your authenticator app.'
              : mfa.methods.includes('passkey') && !mfa.methods.includes('totp')
                ? 'Use your passkey, or enter one of your recovery codes (each code works once).'
                : 'Enter one of your recovery codes. Each code works once.'}
          </p>
          {useRecovery ? (
            <Field
              key="recovery"
              label="Recovery code"
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              autoFocus
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
              error={errors.recoveryCode}
            />
          ) : (
            <CodeField
              key="totp"
              label="Authenticator code"
              name="totp"
              autoFocus
              value={answer}
              onChange={(e) => setAnswer(e.target.value)}
              error={errors.totp}
            />
          )}
          <div className="actions">
            <button type="submit" disabled={busy || !answer.trim() || blockedFor > 0}>
              Verify
            </button>
            {!useRecovery && mfa.methods.includes('recovery_code') && (
              <button type="button" className="link" onClick={switchMethod}>
                Use a recovery code
              </button>
            )}
            {useRecovery && mfa.methods.includes('totp') && (
              <button type="button" className="link" onClick={switchMethod}>
                Use your authenticator app
              </button>
            )}
            {mfa.methods.includes('passkey') && passkeysSupported() && (
              <button type="button" className="link" disabled={busy} onClick={withPasskey}>
                Use a passkey
              </button>
            )}
          </div>
        </form>
      )}
      {sentTo && !mfa && (
        <form onSubmit={verify} noValidate>
          <p>
            {already ? 'We already sent' : 'We sent'} a 6-digit code to{' '}
            <strong className="sent-to">{sentTo}</strong>
            {already ? ' a moment ago: it still works.' : '.'}
            {codeInLog && ' It is in the server’s log.'}
          </p>
          <CodeField
            label="Code"
            name="code"
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
      {/* The first page only: once a code is on its way, "Sign in" is the one button to press. */}
      {!mfa && !sentTo && passkeysSupported() && (
        <div className="social">
          <p className="divider">or</p>
          <button type="button" className="secondary" disabled={busy} onClick={withPasskey}>
            Sign in with a passkey
          </button>
        </div>
      )}
      {providers.length > 0 && !mfa && (
        <div className="social">
          {(sentTo || !passkeysSupported()) && <p className="divider">or</p>}
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
