import { createContext, FormEvent, ReactNode, useContext, useRef, useState } from 'react';
import { account, describe, StepUpRequiredError } from '../api';
import { answerWithPasskey } from '../passkeys';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { ErrorMessage } from './misc';

type Method = 'totp' | 'recovery' | 'passkey';

type Run = (action: () => Promise<void>) => Promise<void>;
const StepUpContext = createContext<Run | null>(null);

/** One Confirm it's you dialog for the signed-in console: every page's useStepUp() uses it. */
export function StepUpProvider({ children }: { children: ReactNode }) {
  const { run, dialog } = useStepUpDialog();
  return (
    <StepUpContext.Provider value={run}>
      {children}
      {dialog}
    </StepUpContext.Provider>
  );
}

/**
 * (v1.4, §19) Step-up: `run(action)` runs the action; when the server asks for a second factor in this
 * session (StepUpRequiredError), the **Confirm it's you** dialog asks for an authenticator code, a passkey
 * or a recovery code (what the account has), verifies it (`account.stepUp`) and runs the action again
 * (cancelled: the action is not run, and `run` resolves). Other errors reach the caller. Under a
 * StepUpProvider the provider's dialog is used (`dialog` is null); elsewhere render `dialog` once.
 */
export function useStepUp(): { run: Run; dialog: ReactNode } {
  const shared = useContext(StepUpContext);
  const own = useStepUpDialog();
  return shared ? { run: shared, dialog: null } : own;
}

function useStepUpDialog(): { run: Run; dialog: ReactNode } {
  const pending = useRef<(() => Promise<void>) | null>(null);
  const [open, setOpen] = useState(false);
  const [methods, setMethods] = useState<Method[]>(['totp', 'recovery']);
  const [method, setMethod] = useState<Method>('totp');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (e) {
      if (!(e instanceof StepUpRequiredError)) throw e;
      pending.current = action;
      // What this account can answer with: its factors (the recovery codes always, as a way back).
      const factors = await account.factors.list().catch(() => null);
      const have: Method[] = [];
      if (!factors || factors.totp) have.push('totp');
      if (factors && factors.passkeys.length > 0) have.push('passkey');
      have.push('recovery');
      setMethods(have);
      setMethod(have[0]);
      setAnswer('');
      setError(null);
      setOpen(true);
    }
  };

  const close = () => {
    pending.current = null;
    setOpen(false);
  };

  const verified = async () => {
    const action = pending.current;
    close();
    if (action) await action();
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const typed = answer.trim();
      await account.stepUp(method === 'recovery' ? { recoveryCode: typed } : { totp: typed });
      await verified();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    setBusy(true);
    setError(null);
    try {
      const passkey = await answerWithPasskey(await account.stepUpPasskeyOptions());
      await account.stepUp({ passkey });
      await verified();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  const others = methods.filter((m) => m !== method);
  const switchLabel: Record<Method, string> = {
    totp: 'Use your authenticator app',
    passkey: 'Use a passkey',
    recovery: 'Use a recovery code',
  };
  const choose = (m: Method) => {
    setMethod(m);
    setAnswer('');
    setError(null);
  };

  const dialog = (
    <Dialog title="Confirm it's you" open={open} onClose={close}>
      <form onSubmit={verify} noValidate>
        <p>This action needs your second factor again.</p>
        <ErrorMessage>{error}</ErrorMessage>
        {method === 'passkey' ? (
          <p>
            Use the passkey you added to this account (your device may ask for your fingerprint, face or PIN).
          </p>
        ) : (
          <Field
            key={method}
            label={method === 'recovery' ? 'Recovery code' : 'Authenticator code'}
            name={method === 'recovery' ? 'recoveryCode' : 'totp'}
            inputMode={method === 'recovery' ? undefined : 'numeric'}
            autoComplete={method === 'recovery' ? 'off' : 'one-time-code'}
            required
            autoFocus
            value={answer}
            onChange={(ev) => setAnswer(ev.target.value)}
          />
        )}
        <div className="actions">
          {method === 'passkey' ? (
            <button type="button" disabled={busy} onClick={withPasskey} autoFocus>
              Continue with passkey
            </button>
          ) : (
            <button type="submit" disabled={busy || !answer.trim()}>
              Verify
            </button>
          )}
          <button type="button" className="secondary" onClick={close}>
            Cancel
          </button>
        </div>
        <div className="actions">
          {others.map((m) => (
            <button key={m} type="button" className="link" onClick={() => choose(m)}>
              {switchLabel[m]}
            </button>
          ))}
        </div>
      </form>
    </Dialog>
  );
  return { run, dialog };
}
