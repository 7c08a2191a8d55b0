import { AccountClient } from '@app/sdk';
import { otpFrom } from '@app/testing';
import { TestApp } from '@app/testing/test-app';

/** An AccountClient signed in with the code from the mail catcher, its requests through `fetchImpl`. */
export async function signedInAccount(
  t: TestApp,
  email: string,
  fetchImpl?: typeof fetch,
): Promise<AccountClient> {
  const account = new AccountClient({ baseUrl: t.baseUrl, fetch: fetchImpl });
  await account.login(email);
  await account.verify(email, otpFrom(await t.mail.waitFor(email)));
  return account;
}
