import type { ComponentProps } from 'react';
import { Field } from './Field';

/**
 * A one-time code as people type it: a required field with the numeric keyboard on phones and the
 * browser's one-time-code autofill (an SMS or a password manager's authenticator). The sign-in codes,
 * the authenticator code at sign-in, and the code that confirms an authenticator app.
 */
export function CodeField(
  props: Omit<ComponentProps<typeof Field>, 'inputMode' | 'autoComplete' | 'required'>,
) {
  return <Field inputMode="numeric" autoComplete="one-time-code" required {...props} />;
}
