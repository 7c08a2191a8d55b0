import { createHmac } from 'node:crypto';

/**
 * An authenticator app for tests, written apart from the server's (libs/auth) so the two check each
 * other: the RFC 6238 code (HMAC-SHA-1, 6 digits, 30 s) of a base32 secret at a time step.
 */
export function authenticatorCode(base32Secret: string, step: number): string {
  const bits = [...base32Secret.toUpperCase()]
    .map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', key).update(message).digest();
  const at = mac[19] & 15;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** The current time step (30 s). */
export const currentStep = (): number => Math.floor(Date.now() / 30_000);

/**
 * Waits until at least `margin` ms remain in the current time step, so a code computed now is judged
 * in the same step by the server (a loaded machine may take a while between the two): the step now.
 */
export async function stepWithMargin(margin = 6_000): Promise<number> {
  for (;;) {
    const left = 30_000 - (Date.now() % 30_000);
    if (left >= margin) return currentStep();
    await new Promise((resolve) => setTimeout(resolve, left + 50));
  }
}
