import { FormEvent, useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';
import { account, describe, fieldErrors } from '../api';
import { createPasskey, passkeysSupported } from '../passkeys';
import { Field } from '../ui/Field';
import { CodeField } from '../ui/CodeField';
import { CopyButton, ErrorMessage, formatDate, Loading, Status } from '../ui/misc';
import { useStepUp } from '../ui/StepUp';

type Factors = Awaited<ReturnType<typeof account.factors.list>>;

/**
 * (v1.4, §19) The account's second factors: set up an authenticator app (a QR code of its otpauth URL,
 * made in the browser — the secret never leaves the page — and the secret as text), confirm it with a
 * code; add passkeys by name and remove them; see the recovery codes once (Copy, Download); Remove and
 * Regenerate recovery codes. What needs step-up goes through the Confirm it's you dialog.
 */
export function Security() {
  const [factors, setFactors] = useState<Factors | null>(null);
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const stepUp = useStepUp();
  useEffect(() => {
    setQr(null);
    if (!setup) return;
    let current = true;
    toDataURL(setup.otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then(
      (url) => current && setQr(url),
      () => current && setQr(null), // the key and link below still work
    );
    return () => {
      current = false;
    };
  }, [setup]);
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
  const removePasskey = (id: string) =>
    guarded(async () => {
      await account.factors.passkeys.remove(id);
      setCodes(null);
      await load();
    });

  /** Options (step-up when a factor exists), the browser's prompt, then the registration. */
  const addPasskey = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const name = passkeyName.trim();
    if (!name) {
      setErrors({ name: 'Give the passkey a name, such as the device it is on.' });
      return;
    }
    setBusy(true);
    await guarded(async () => {
      const options = await account.factors.passkeys.options();
      const response = await createPasskey(options);
      const added = await account.factors.passkeys.add({ name, response });
      setPasskeyName('');
      if (added.recoveryCodes) setCodes(added.recoveryCodes);
      await load();
    })();
    setBusy(false);
  };
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
            <p>On since {formatDate(factors.totp.createdAt)}.</p>
          ) : (
            <p>{factors.passkeys.length > 0 ? 'Off.' : 'Off. Sign-in asks only for the e-mail code.'}</p>
          )}
          {factors.totp && (
            <div className="actions">
              <button type="button" className="danger" onClick={remove}>
                Remove
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
                Scan this QR code with your authenticator app (or type the key in), then enter the 6-digit
                code it shows.
              </p>
              {qr && (
                <img
                  className="qr"
                  src={qr}
                  width={220}
                  height={220}
                  alt="QR code for your authenticator app"
                />
              )}
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
          <h2 id="passkeys">Passkeys</h2>
          <p>
            A passkey signs you in with your device’s fingerprint, face or PIN — no e-mail code needed — and
            counts as your second factor.
          </p>
          {factors.passkeys.length > 0 && (
            <ul className="passkeys" aria-labelledby="passkeys">
              {factors.passkeys.map((p) => (
                <li key={p.id}>
                  <span className="wrap-anywhere">
                    <strong>{p.name}</strong> — added {formatDate(p.createdAt)}
                    {p.lastUsedAt ? `, last used ${formatDate(p.lastUsedAt)}` : ', not used yet'}
                  </span>
                  <button type="button" className="danger" onClick={removePasskey(p.id)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {passkeysSupported() ? (
            <form onSubmit={addPasskey} noValidate>
              <Field
                label="Passkey name"
                name="passkeyName"
                autoComplete="off"
                maxLength={100}
                hint="To tell your passkeys apart, e.g. “Work laptop”."
                value={passkeyName}
                onChange={(e) => setPasskeyName(e.target.value)}
                error={errors.name}
              />
              <button type="submit" disabled={busy}>
                Add passkey
              </button>
            </form>
          ) : (
            <p className="hint">This browser cannot use passkeys.</p>
          )}
          {(factors.totp || factors.passkeys.length > 0) && (
            <div className="actions">
              <span>Recovery codes left: {factors.recoveryCodesLeft}.</span>
              <button type="button" className="secondary" onClick={regenerate}>
                Regenerate recovery codes
              </button>
            </div>
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
