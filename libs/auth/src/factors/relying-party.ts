import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/core';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  Uint8Array_,
} from '@simplewebauthn/server';

/** How long a WebAuthn challenge may be answered, in seconds (and the browser's timeout). */
export const PASSKEY_CHALLENGE_TTL = 300;

/** A registered credential as the relying party needs it (ids base64url). */
export interface StoredCredential {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[] | null;
}

/** What a verified registration gives to store. */
export type NewCredential = StoredCredential;

/** COSE algorithms accepted: ES256, EdDSA, RS256 (what platform and roaming authenticators offer). */
const ALGORITHMS = [-7, -8, -257];

/**
 * The WebAuthn relying party (Level 2), through @simplewebauthn/server's documented API: the rp id is
 * the host of PUBLIC_URL and the only origin accepted is PUBLIC_URL's origin; user verification is
 * required everywhere (a passkey with user verification is both factors of passkey sign-in) and
 * credentials are discoverable (resident), so sign-in needs no account named first. Attestation is
 * "none": we trust the key, not a vendor's certificate. Every verification failure of the library
 * (a wrong challenge, origin or rp id, no UV, a counter that went backwards, a malformed response) is
 * answered as `null`, never thrown: the caller maps it to `invalid_mfa_code`.
 */
@Injectable()
export class RelyingParty {
  readonly rpId: string;
  readonly origin: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const url = new URL(config.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  creationOptions(
    account: { id: string; email: string },
    existing: { credentialId: string; transports: string[] | null }[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return generateRegistrationOptions({
      rpName: 'Storefront',
      rpID: this.rpId,
      userName: account.email,
      userDisplayName: account.email,
      userID: userHandle(account.id),
      timeout: PASSKEY_CHALLENGE_TTL * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
      supportedAlgorithmIDs: ALGORITHMS,
    });
  }

  /** Options for an assertion: `allow` names the account's credentials; none (sign-in) lets the user pick. */
  requestOptions(
    allow: { credentialId: string; transports: string[] | null }[],
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: PASSKEY_CHALLENGE_TTL * 1000,
      userVerification: 'required',
      allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: transportsOf(c) })),
    });
  }

  async verifyRegistration(response: unknown, challenge: string): Promise<NewCredential | null> {
    try {
      const result = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!result.verified || !result.registrationInfo.userVerified) return null;
      const { credential } = result.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? null,
      };
    } catch {
      return null;
    }
  }

  /** The new signature counter of a verified assertion by `stored`, else null. */
  async verifyAssertion(
    response: unknown,
    challenge: string,
    stored: StoredCredential,
    accountId: string,
  ): Promise<number | null> {
    const answer = response as AuthenticationResponseJSON;
    // A discoverable credential names its user: it must be the account the credential belongs to.
    const handle = answer.response?.userHandle;
    if (handle && handle !== Buffer.from(userHandle(accountId)).toString('base64url')) return null;
    try {
      const result = await verifyAuthenticationResponse({
        response: answer,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
        credential: {
          id: stored.credentialId,
          publicKey: new Uint8Array(stored.publicKey).slice(),
          counter: stored.counter,
          transports: transportsOf(stored),
        },
      });
      return result.verified && result.authenticationInfo.userVerified
        ? result.authenticationInfo.newCounter
        : null;
    } catch {
      return null;
    }
  }
}

/** The challenge a response answers (from its clientDataJSON), or null for anything malformed. */
export function challengeOf(response: unknown): string | null {
  try {
    const data = (response as { response?: { clientDataJSON?: unknown } })?.response?.clientDataJSON;
    if (typeof data !== 'string' || data.length > 4096) return null;
    const challenge = (JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown })
      .challenge;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : null;
  } catch {
    return null;
  }
}

/** The credential id a response names, or null. */
export function credentialIdOf(response: unknown): string | null {
  const id = (response as { id?: unknown })?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1400}$/.test(id) ? id : null;
}

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no e-mail address in it). */
function userHandle(accountId: string): Uint8Array_ {
  return new Uint8Array(Buffer.from(accountId.replace(/-/g, ''), 'hex')).slice();
}

function transportsOf(c: { transports: string[] | null }): AuthenticatorTransport[] | undefined {
  return (c.transports ?? undefined) as AuthenticatorTransport[] | undefined;
}
