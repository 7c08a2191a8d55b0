import { addMember, createStore, invitationTokenFrom, otpFrom, STAGE2, STAGE3 } from '@app/testing';
import { TestApp } from '@app/testing/test-app';
import { Page } from 'playwright-core';
import { checkStorePage, signInToConsole, View, withConsoleBrowser } from './console-pages';

/**
 * A store run by a team, in the console in a real browser (Debian's Chromium, playwright-core) against the
 * real server and SMTP catcher: the owner invites from the Members page; the invited person opens the
 * mail's link signed out, signs in on the way and comes back to the invitation page, and accepts; the pages
 * then show each role only the controls it can use (staff: products, no apps, tokens, webhooks or
 * settings; a developer: integrations, no product editing; only the owner: Delete store and Transfer
 * ownership); the owner changes a role, revokes an invitation and transfers the ownership; the Activity
 * page says it in words. Every page checked has one h1, no axe-core violation and no sideways scroll at 375
 * px; screenshots at 1280 and 375 px in test/.screenshots/.
 */
const OWNER = 'console-owner@members.example';
const STAFF = 'console-staff@members.example';
const DEV = 'console-dev@members.example';
const STORE_NAME = 'Chai & Co. — a long store name that has to wrap on a phone';
const VIEWS: readonly View[] = [
  ['light', 1280],
  ['light', 375],
];

describe('console: members, invitations and role-aware pages', () => {
  const newPage = withConsoleBrowser();
  let t: TestApp;
  let base: string;
  let store: string;
  let ownerToken: string;

  beforeAll(async () => {
    t = await TestApp.start({ env: { WEBHOOK_ALLOW_LOCAL: 'true' } });
    base = t.config.publicUrl;
    // The owner's active store, with a product, set up through the API (the owner signs in to the
    // console separately: another session).
    ownerToken = (await t.signIn(OWNER)).access_token;
    store = await createStore(t, ownerToken, STORE_NAME);
    const as = { token: ownerToken };
    await t.post(`/v1/user/stores/${store}/onboarding/stage2`, STAGE2, as);
    await t.post(`/v1/user/stores/${store}/onboarding/stage3`, STAGE3, as);
    await t.post(`/v1/user/stores/${store}/onboarding/stage4`, { socialLinks: [] }, as);
    expect((await t.post(`/v1/user/stores/${store}/onboarding/complete`, undefined, as)).status).toBe(200);
    const product = {
      handle: 'darjeeling',
      title: 'Darjeeling tea',
      price: '450.00',
      currencyCode: 'INR',
      inventory: 12,
    };
    expect((await t.post(`/v1/user/stores/${store}/products`, product, as)).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const storeUrl = (path = '') => `${base}/console/stores/${store}${path}`;
  const tab = (page: Page, name: string) =>
    page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name, exact: true });
  const tabs = async (page: Page) =>
    (await page.getByRole('navigation', { name: 'Store' }).getByRole('link').allInnerTexts()).map((s) =>
      s.trim(),
    );

  it('the owner invites from the Members page; the invited person signs in from the link, comes back and accepts; staff sees staff controls only', async () => {
    const owner = await newPage();
    await signInToConsole(owner, t, OWNER);
    await owner.goto(storeUrl('/members'));
    await owner.getByRole('heading', { name: 'Members' }).waitFor();
    await owner.getByRole('button', { name: 'Transfer ownership' }).waitFor();

    // Invite: the form in a dialog, the invitation then pending with a Revoke button.
    await owner.getByRole('button', { name: 'Invite member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`  ${STAFF.toUpperCase()} `);
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Staff' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitation sent to ${STAFF}`).waitFor();
    const pending = owner.getByRole('table', { name: `Pending invitations to` });
    await pending.getByRole('button', { name: `Revoke the invitation to ${STAFF}` }).waitFor();
    await checkStorePage(owner, 'members-owner', VIEWS);

    // The invited person opens the link signed out: sign-in first, then back on the invitation page.
    const link = invitationTokenFrom(await t.mail.waitFor(STAFF));
    const staff = await newPage();
    await staff.goto(`${base}/console/invitations/${link}`);
    await staff.getByText('Sign in to accept your invitation').waitFor();
    await checkStorePage(staff, 'invitation-sign-in', VIEWS);
    await staff.getByRole('textbox', { name: 'Email' }).fill(STAFF);
    await staff.getByRole('button', { name: 'Send code' }).click();
    await staff.getByRole('textbox', { name: 'Code' }).fill(otpFrom(await t.mail.waitFor(STAFF)));
    await staff.getByRole('button', { name: 'Sign in' }).click();
    // The page names the store, the role and who invited (read by the link's token).
    await staff.getByRole('heading', { name: `Join ${STORE_NAME}` }).waitFor();
    expect(new URL(staff.url()).pathname).toBe(`/console/invitations/${link}`);
    expect(await staff.locator('main').textContent()).toContain(
      `${OWNER} invited ${STAFF} to help run ${STORE_NAME} on Storefront as staff.`,
    );
    await staff.getByText(`Signed in as ${STAFF}`).waitFor();
    await checkStorePage(staff, 'invitation', VIEWS);
    await staff.getByRole('button', { name: 'Accept invitation' }).click();
    await staff.getByText('Your role: Staff', { exact: true }).waitFor();
    expect(new URL(staff.url()).pathname).toBe(`/console/stores/${store}`);

    // Staff: products and orders, no integrations, no settings.
    // No Catalogue: its preview reads through a public token, which staff may not make.
    expect(await tabs(staff)).toEqual(['Home', 'Products', 'Orders', 'Activity', 'Members']);
    await tab(staff, 'Products').click();
    await staff.getByRole('button', { name: 'New product' }).waitFor();
    await staff.getByRole('button', { name: 'Edit Darjeeling tea' }).waitFor();
    await checkStorePage(staff, 'products-staff', VIEWS);
    await tab(staff, 'Members').click();
    await staff.getByRole('button', { name: 'Leave store' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: 'Transfer ownership' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await staff.getByRole('combobox').count()).toBe(0);
    await checkStorePage(staff, 'members-staff', VIEWS);
    // A typed link to a page the role cannot use says so instead of showing controls.
    await staff.goto(storeUrl('/webhooks'));
    await staff.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Add endpoint' }).count()).toBe(0);
    await staff.goto(storeUrl('/catalogue'));
    await staff.getByRole('heading', { name: 'Not available to your role' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Create a preview token' }).count()).toBe(0);
    // Your stores shows the role.
    await staff.goto(`${base}/console/`);
    await staff.getByRole('heading', { name: 'Your stores' }).waitFor();
    await staff.getByText('Your role: Staff', { exact: true }).waitFor();
    await checkStorePage(staff, 'stores-staff', VIEWS);
  });

  it('a developer sees the integrations but no product editing; only the owner sees Delete store and Transfer ownership', async () => {
    const devToken = (await t.signIn(DEV)).access_token;
    await addMember(t, ownerToken, store, { token: devToken, email: DEV }, 'developer');
    const dev = await newPage();
    await signInToConsole(dev, t, DEV);
    await dev.goto(storeUrl());
    await dev.getByText('Your role: Developer', { exact: true }).waitFor();
    expect(await tabs(dev)).toEqual([
      'Home',
      'OAuth apps',
      'Installed apps',
      'Public tokens',
      'Products',
      'Orders',
      'Activity',
      'Webhooks',
      'Members',
      'Catalogue',
    ]);
    await tab(dev, 'Products').click();
    await dev.getByRole('cell', { name: 'Darjeeling tea' }).waitFor();
    expect(await dev.getByRole('button', { name: 'New product' }).count()).toBe(0);
    expect(await dev.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    await tab(dev, 'Webhooks').click();
    await dev.getByRole('button', { name: 'Add endpoint' }).waitFor();
    await checkStorePage(dev, 'webhooks-developer', VIEWS);

    // The owner: Settings with Delete store; the Members page with a Role select per member.
    const owner = await newPage();
    await signInToConsole(owner, t, OWNER);
    await owner.goto(storeUrl('/settings'));
    await owner.getByRole('button', { name: 'Delete store' }).waitFor();
    await owner.goto(storeUrl('/members'));
    const staffRole = owner.getByRole('combobox', { name: `Role of ${STAFF}` });
    // A pick in the select asks first: Cancel changes nothing (the select shows the role again).
    await staffRole.selectOption({ label: 'Admin' });
    const confirm = owner.getByRole('dialog', { name: `Change the role of ${STAFF}?` });
    await confirm.getByText('From staff to admin.').waitFor();
    await checkStorePage(owner, 'members-role-confirm', VIEWS);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await staffRole.inputValue()).toBe('staff');
    const listed = await t.get(`/v1/user/stores/${store}/members`, { token: ownerToken });
    expect(listed.body.find((m: { email: string }) => m.email === STAFF).role).toBe('staff');
    await staffRole.selectOption({ label: 'Developer' });
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await owner.getByText(`${STAFF} is now developer.`).waitFor();
    await owner.getByRole('button', { name: `Remove ${DEV}` }).waitFor();
    // A second invitation, revoked.
    await owner.getByRole('button', { name: 'Invite member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('someone-else@members.example');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Admin' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await owner
      .getByRole('button', { name: 'Revoke the invitation to someone-else@members.example' })
      .click();
    await owner.getByText('The invitation to someone-else@members.example was revoked').waitFor();

    // The Activity page says what happened, by whom.
    await tab(owner, 'Activity').click();
    const events = owner.getByRole('list', { name: 'Events' });
    await events.getByText(`Role of ${STAFF} changed to developer by you`).waitFor();
    await events.getByText(`${DEV} joined as a developer`).waitFor();
    await events.getByText(`${STAFF} invited as staff by you`).waitFor();
    await events.getByText('someone-else@members.example invited as an admin by you').waitFor();
    await checkStorePage(owner, 'activity-members', VIEWS);

    // (v1.4) The invitation mail limit, said in the dialog: 3 mails to one address from the store in 24 h
    // (one above, two more here), so a fourth is refused with the reason and the wait in words.
    for (let i = 0; i < 2; i++) {
      const again = await t.post(
        `/v1/user/stores/${store}/invitations`,
        { email: 'someone-else@members.example', role: 'staff' },
        { token: ownerToken },
      );
      expect(again.status).toBe(201);
    }
    await tab(owner, 'Members').click();
    await owner.getByRole('button', { name: 'Invite member' }).click();
    const limited = owner.getByRole('dialog', { name: 'Invite member' });
    await limited.getByRole('textbox', { name: 'Email' }).fill('someone-else@members.example');
    await limited.getByRole('button', { name: 'Send invitation' }).click();
    await limited
      .getByText(
        /At most 3 invitation mails to one address from a store in 24 hours\. Try again in 2[34] hours\./,
      )
      .waitFor();
    await checkStorePage(owner, 'invite-limit', VIEWS);
    await owner.keyboard.press('Escape');

    // Transfer: the owner becomes an admin, and the owner's controls go with it.
    await tab(owner, 'Members').click();
    await owner.getByRole('button', { name: 'Transfer ownership' }).click();
    const transfer = owner.getByRole('dialog', { name: 'Transfer ownership' });
    await transfer.getByRole('combobox', { name: 'New owner' }).selectOption({ label: `${DEV} (developer)` });
    await checkStorePage(owner, 'transfer-dialog', VIEWS);
    await transfer.getByRole('button', { name: 'Transfer ownership' }).click();
    await owner.getByText('Your role: Admin', { exact: true }).waitFor();
    await owner.getByText('You are now an admin').waitFor();
    expect(await owner.getByRole('button', { name: 'Transfer ownership' }).count()).toBe(0);
    await tab(owner, 'Settings').click();
    await owner.getByRole('button', { name: 'Save changes' }).waitFor();
    expect(await owner.getByRole('button', { name: 'Delete store' }).count()).toBe(0);
    expect((await t.get(`/v1/user/stores/${store}`, { token: devToken })).body.role).toBe('owner');
  });
});
