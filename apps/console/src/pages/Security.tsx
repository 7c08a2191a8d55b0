import { FormEvent, useEffect, useState } from 'react';
import { account, describe, fieldErrors } from '../api';
import { CodeField } from '../ui/CodeField';
import { CopyButton, ErrorMessage, formatDate, Loading, Status } from '../ui/misc';
import { useStepUp } from '../ui/StepUp';

type Factors = Awaited<ReturnType<typeof account.factors.list>>;

/**
 * (v1.4, §19) The account's second factors: set up an authenticator app (the secret and its otpauth URL
 * as text — no QR code image yet), confirm it with a code, and see the recovery codes once (Copy,
 * Download); Remove and Regenerate recovery codes, through the Confirm it's you step-up dialog.
 */
export function Security() {
  const [factors, setFactors] = useState<Factors | null>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const stepUp = useStepUp();
  const load = () => account.factors.list().then(setFactors, (e: unknown) => setError(describe(e)));
  useEffect(() => {
    void load();
  }, []);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const s = await account.factors.totp.start();
      setSetup({ secret: s.secret, otpauthUrl: s.otpauthUrl });
      setCode('');
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setErrors({});
    setBusy(true);
    try {
      const done = await account.factors.totp.confirm(code.trim());
      setSetup(null);
      setCodes(done.recoveryCodes ?? null);
      await load();
    } catch (err) {
      const byField = fieldErrors(err);
      setErrors(byField);
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  /** Remove and Regenerate need step-up: the Confirm it's you dialog asks and retries. */
  const guarded = (action: () => Promise<void>) => async () => {
    setError(null);
    try {
      await stepUp.run(action);
    } catch (e) {
      setError(describe(e));
    }
  };
  const remove = guarded(async () => {
    await account.factors.totp.remove();
    setCodes(null);
    await load();
  });
  const regenerate = guarded(async () => {
    const fresh = await account.factors.recoveryCodes.regenerate();
    setCodes(fresh.recoveryCodes);
    await load();
  });

  const download = () => {
    if (!codes) return;
    const blob = new Blob([`Storefront recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'storefront-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <main id="main">
      <div className="page-head">
        <h1>Security</h1>
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      {!factors ? (
        !error && <Loading />
      ) : (
        <section aria-labelledby="authenticator">
          <h2 id="authenticator">Authenticator app</h2>
          {factors.totp ? (
            <p>
              On since {formatDate(factors.totp.createdAt)}. Recovery codes left: {factors.recoveryCodesLeft}.
            </p>
          ) : (
            <p>Off. Sign-in asks only for the e-mail code.</p>
          )}
          {factors.totp && (
            <div className="actions">
              <button type="button" className="danger" onClick={remove}>
                Remove
              </button>
              <button type="button" className="secondary" onClick={regenerate}>
                Regenerate recovery codes
              </button>
            </div>
          )}
          {!factors.totp && !setup && (
            <button type="button" disabled={busy} onClick={start}>
              Set up authenticator app
            </button>
          )}
          {setup && (
            <form onSubmit={confirm} noValidate>
              <p>
                Add this key to your authenticator app (most apps take the key typed in, or the setup link),
                then enter the 6-digit code it shows.
              </p>
              <p>
                Key: <code data-testid="totp-secret">{setup.secret}</code>{' '}
                <CopyButton text={setup.secret} label="Copy key" />
              </p>
              <p className="wrap-anywhere">
                Setup link: <code data-testid="otpauth-url">{setup.otpauthUrl}</code>
              </p>
              <CodeField
                label="Code"
                name="code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                error={errors.code}
              />
              <button type="submit" disabled={busy || !code.trim()}>
                Confirm
              </button>
            </form>
          )}
          {codes && (
            <div aria-labelledby="recovery-codes">
              <h2 id="recovery-codes">Recovery codes</h2>
              <Status>
                Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone.
                They are shown only now.
              </Status>
              <ul className="recovery-codes" data-testid="recovery-codes">
                {codes.map((c) => (
                  <li key={c}>
                    <code>{c}</code>
                  </li>
                ))}
              </ul>
              <div className="actions">
                <CopyButton text={codes.join('\n')} label="Copy" />
                <button type="button" className="secondary" onClick={download}>
                  Download
                </button>
              </div>
            </div>
          )}
        </section>
      )}
      {stepUp.dialog}
    </main>
  );
}
