import { FormEvent, ReactNode, useRef, useState } from 'react';
import { account, describe, StepUpRequiredError } from '../api';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { ErrorMessage } from './misc';

/**
 * (v1.4, §19) Step-up: `run(action)` runs the action; when the server asks for a second factor in this
 * session (StepUpRequiredError), the **Confirm it's you** dialog asks for an authenticator code (or a
 * recovery code), verifies it (`account.stepUp`) and runs the action again. Render `dialog` once.
 */
export function useStepUp(): { run(action: () => Promise<void>): Promise<void>; dialog: ReactNode } {
  const pending = useRef<(() => Promise<void>) | null>(null);
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (e) {
      if (!(e instanceof StepUpRequiredError)) throw e;
      pending.current = action;
      setAnswer('');
      setError(null);
      setRecovery(false);
      setOpen(true);
    }
  };

  const close = () => {
    pending.current = null;
    setOpen(false);
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const typed = answer.trim();
      await account.stepUp(recovery ? { recoveryCode: typed } : { totp: typed });
      const action = pending.current;
      close();
      if (action) await action();
    } catch (err) {
      setError(describe(err));
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <Dialog title="Confirm it's you" open={open} onClose={close}>
      <form onSubmit={verify} noValidate>
        <p>This action needs your second factor again.</p>
        <ErrorMessage>{error}</ErrorMessage>
        <Field
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authenticator code'}
          name={recovery ? 'recoveryCode' : 'totp'}
          inputMode={recovery ? undefined : 'numeric'}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          required
          autoFocus
          value={answer}
          onChange={(ev) => setAnswer(ev.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={busy || !answer.trim()}>
            Verify
          </button>
          <button type="button" className="secondary" onClick={close}>
            Cancel
          </button>
          <button type="button" className="link" onClick={() => setRecovery((r) => !r)}>
            {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        </div>
      </form>
    </Dialog>
  );
  return { run, dialog };
}
