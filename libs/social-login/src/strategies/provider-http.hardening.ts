import type { ClientRequest, RequestOptions } from 'node:http';

/** How long one HTTP call to a provider may take, from the request to the last byte of its answer. */
export const PROVIDER_TIMEOUT_MS = 5_000;

type Callback = (error: unknown, data?: string, response?: unknown) => void;

/** The parts of the `oauth` package's OAuth2 client that passport-oauth2 strategies go through. */
interface OAuth2Client {
  _request(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | null,
    accessToken: string | null,
    callback: Callback,
  ): void;
  _executeRequest(
    httpLibrary: { request(options: RequestOptions): ClientRequest },
    options: RequestOptions,
    body: string | null,
    callback: Callback,
  ): void;
}

/** What an answer must look like, per URL (the default: a JSON object, or a form for token endpoints). */
export interface ProviderShapes {
  /** URLs whose answer must be a JSON array of objects (GitHub's `/user/emails`). */
  arrays?: string[];
  /** URLs that may answer `application/x-www-form-urlencoded` (GitHub's token endpoint does). */
  forms?: string[];
}

/**
 * Hardens the OAuth2 client of a passport strategy. The `oauth` package has no timeout of its own, and
 * the strategies parse provider answers inside response callbacks where a `null` body, a number, or
 * HTML where `/user/emails` expects JSON throws outside any callback (an uncaught exception). So:
 *  - every call is cut off after PROVIDER_TIMEOUT_MS (connect, headers and body together), ending as
 *    an ordinary request error;
 *  - a 2xx answer whose body is not the shape the strategy will read is turned into an error before the
 *    strategy sees it: JSON objects everywhere, a JSON array of objects where `arrays` says so, and a
 *    form-encoded body only where `forms` allows it.
 * Either way the strategy reports a failure through its callback, and the sign-in ends as a
 * `provider_error` problem.
 */
export function hardenOAuthClient(client: unknown, shapes: ProviderShapes = {}): void {
  const oauth2 = client as OAuth2Client;
  const execute = oauth2._executeRequest.bind(oauth2);
  oauth2._executeRequest = (httpLibrary, options, body, callback) => {
    const timed = {
      request(requestOptions: RequestOptions): ClientRequest {
        const request = httpLibrary.request(requestOptions);
        const timer = setTimeout(
          () => request.destroy(new Error(`the provider did not answer within ${PROVIDER_TIMEOUT_MS} ms`)),
          PROVIDER_TIMEOUT_MS,
        );
        timer.unref();
        request.on('close', () => clearTimeout(timer));
        request.on('response', (response) => response.on('end', () => clearTimeout(timer)));
        return request;
      },
    };
    execute(timed, options, body, callback);
  };
  const request = oauth2._request.bind(oauth2);
  oauth2._request = (method, url, headers, body, accessToken, callback) =>
    request(method, url, headers, body, accessToken, (error, data, response) => {
      if (error) return callback(error, data, response);
      const problem = shapeProblem(url, data ?? '', shapes);
      if (problem) return callback({ statusCode: 502, data: problem });
      callback(null, data, response);
    });
}

function shapeProblem(url: string, data: string, shapes: ProviderShapes): string | null {
  const matches = (list?: string[]) => (list ?? []).some((prefix) => url.startsWith(prefix));
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return matches(shapes.forms) && !data.trim().startsWith('<') ? null : 'the answer is not JSON';
  }
  if (matches(shapes.arrays)) {
    const ok = Array.isArray(parsed) && parsed.every((item) => item !== null && typeof item === 'object');
    return ok ? null : 'the answer is not a JSON array of objects';
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? null
    : 'the answer is not a JSON object';
}
