import { createHash, randomBytes } from 'node:crypto';

export interface PkcePair {
  verifier: string;
  challenge: string;
  /** `&code_challenge=…&code_challenge_method=S256`, to append to a start URL that has a query. */
  query: string;
}

/** A fresh RFC 7636 S256 verifier and challenge, as a web page would make them. */
export function pkcePair(): PkcePair {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, query: `&code_challenge=${challenge}&code_challenge_method=S256` };
}
