import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyResponse,
} from '@storefront-platform/sdk/browser';

/**
 * (v1.4, §19) The browser's side of passkeys: the service's WebAuthn options (JSON) go to
 * navigator.credentials through @simplewebauthn/browser, and its JSON answer goes back through the SDK.
 */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Asks the browser to create a passkey for the creation options. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyResponse> {
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
}

/** Asks the browser for a passkey's answer to the request options. */
export async function answerWithPasskey(options: PasskeyRequestOptions): Promise<PasskeyResponse> {
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
}

/** A sentence for a passkey prompt that did not finish (cancelled, timed out, not allowed here). */
export function passkeyProblem(error: unknown): string | null {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return 'The passkey prompt was cancelled or timed out. Try again when you are ready.';
  }
  if (error instanceof WebAuthnError) return error.message;
  return null;
}
