import type passport from 'passport';

/** How one run of a passport strategy ended. */
export type StrategyOutcome<User> =
  | { kind: 'success'; user: User }
  | { kind: 'fail' }
  | { kind: 'redirect'; location: string }
  | { kind: 'error'; error: unknown };

type Middleware = (request: unknown, response: unknown, next: (error?: unknown) => void) => void;

/**
 * The one promise wrapper around passport: runs one strategy on a request and settles with how it
 * ended — the user it verified, a failure, a redirect, or an error — and never rejects. The same wrapper
 * @nestjs/passport's AuthGuard uses, without needing an ExecutionContext or the HTTP reply, so the access
 * guard (bearer tokens, and through it the storefront's HTTP hook) and social sign-in run their
 * strategies through the same code. A redirect (an OAuth strategy's start) is captured from a minimal
 * response object, not written: passport writes Express-style responses, which Fastify's reply is not.
 * `authenticator` is the caller's own Passport instance: the process-wide one would let the last
 * application created in a process (tests start several) answer for all of them.
 */
export function runStrategy<User>(
  authenticator: passport.Authenticator,
  name: string,
  request: object,
  options: Record<string, unknown> = {},
): Promise<StrategyOutcome<User>> {
  return new Promise<StrategyOutcome<User>>((resolve) => {
    const headers: Record<string, string> = {};
    const response = {
      statusCode: 200,
      setHeader(header: string, value: string) {
        headers[header.toLowerCase()] = String(value);
      },
      end() {
        if (headers.location) resolve({ kind: 'redirect', location: headers.location });
        else resolve({ kind: 'error', error: new Error('strategy ended without a redirect') });
      },
    };
    const middleware = authenticator.authenticate(
      name,
      { session: false, ...options },
      (error: unknown, user: User | false | null | undefined) => {
        if (error) resolve({ kind: 'error', error });
        else if (!user) resolve({ kind: 'fail' });
        else resolve({ kind: 'success', user });
      },
    ) as Middleware;
    try {
      middleware(request, response, (error?: unknown) =>
        resolve(error ? { kind: 'error', error } : { kind: 'fail' }),
      );
    } catch (error) {
      resolve({ kind: 'error', error });
    }
  });
}
