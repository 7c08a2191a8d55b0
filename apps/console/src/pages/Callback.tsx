import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { account, describe, keepSecondStep, SecondFactorRequiredError, takeReturn } from '../api';
import { ErrorMessage } from '../ui/misc';

/**
 * Where Google or GitHub sign-in comes back: trades the login code (with the stored PKCE verifier), then goes
 * back to the page that asked for sign-in (an invitation link, say), or to the stores. An account with a
 * second factor goes there too, to the sign-in page's second step (Authenticator code, passkey, recovery code).
 */
export function Callback() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('login_code');
    const failed = params.get('error');
    if (!code) {
      setError(
        failed === 'access_denied' ? 'Sign-in was cancelled at the provider.' : 'Sign-in did not complete.',
      );
      return;
    }
    account.completeSocialSignIn(code).then(
      () => navigate(takeReturn(), { replace: true }),
      (e: unknown) => {
        if (e instanceof SecondFactorRequiredError) {
          keepSecondStep({ token: e.mfaToken, methods: e.methods });
          void navigate(takeReturn(), { replace: true });
        } else setError(describe(e));
      },
    );
  }, [navigate]);
  return (
    <main className="auth" id="main">
      <h1>Signing you in…</h1>
      <ErrorMessage>{error}</ErrorMessage>
      {error && <Link to="/">Back to sign-in</Link>}
    </main>
  );
}
