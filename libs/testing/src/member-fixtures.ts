import type { CaughtMail } from './mail-catcher';
import type { TestApp } from './test-app';

/** Store members over the API: invitations read from the real mail, accepted by the invited account. */

export type InvitedRole = 'admin' | 'developer' | 'staff';

/** The token of an invitation mail's link (`…/console/invitations/<token>`). */
export function invitationTokenFrom(mail: CaughtMail): string {
  const match = /\/console\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in mail "${mail.subject}": ${mail.text}`);
  return match[1];
}

/**
 * Invites `email` to the store as `role` (201 expected) and reads the token from the mail the address
 * received. Take the address's earlier mails first (e.g. sign in before being invited): the catcher
 * hands out an address's mails in order.
 */
export async function invite(
  t: TestApp,
  inviterToken: string,
  storeId: string,
  email: string,
  role: InvitedRole,
): Promise<{
  invitation: { id: string; email: string; role: string; expiresAt: string; createdAt: string };
  token: string;
  mail: CaughtMail;
}> {
  const res = await t.post(
    `/v1/user/stores/${storeId}/invitations`,
    { email, role },
    { token: inviterToken },
  );
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${res.text}`);
  const mail = await t.mail.waitFor(email);
  return { invitation: res.body, token: invitationTokenFrom(mail), mail };
}

/** Makes the signed-in account (`memberToken`, e-mail `email`) a member with `role`, by invitation. */
export async function addMember(
  t: TestApp,
  ownerToken: string,
  storeId: string,
  member: { token: string; email: string },
  role: InvitedRole,
): Promise<void> {
  const { token } = await invite(t, ownerToken, storeId, member.email, role);
  const accepted = await t.post('/v1/user/invitations/accept', { token }, { token: member.token });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${accepted.text}`);
}
