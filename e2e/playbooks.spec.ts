import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  TEST_PASSWORD,
  authEmulatorOf,
  createStaffAccount,
  uniqueEmail,
} from './support/auth-emulator';
import { OperatorDesk } from './support/back-office';

// An admin edits a playbook in the back office against the real server: a good template is
// saved as the next version, and a template with an unknown placeholder is refused, naming it.

const PLAYBOOK = 'WhatsApp Business: Permanent ban';

// The refused template is an HTTP 422, which the browser logs as a failed resource.
test.use({
  allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 422/],
});

async function openPlaybook(page: Page): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Playbooks' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Playbooks' })).toBeVisible();
  await page.getByLabel('Playbook', { exact: true }).selectOption({ label: PLAYBOOK });
  const form = page.getByRole('form', { name: `Playbook ${PLAYBOOK}` });
  const version = form.getByText(/^Version \d+$/);
  await expect(version).toBeVisible();
  return Number((await version.textContent())?.replace('Version ', ''));
}

const supportEmail = (page: Page) => page.getByRole('group', { name: 'Channel 2: Support e-mail' });

test('an admin saves a new version of a playbook; an unknown placeholder is refused', async ({
  page,
  request,
}) => {
  const admin = { email: uniqueEmail('playbook-admin'), password: TEST_PASSWORD };
  await createStaffAccount(request, await authEmulatorOf(request), admin.email, 'admin');
  await new OperatorDesk(page).signIn(request, admin);
  const before = await openPlaybook(page);

  const appeal = 'Please review {{phone_e164}} on {{app}}: "{{ban_message}}". Edited in e2e.';
  await supportEmail(page).getByRole('textbox', { name: 'Appeal text' }).fill(appeal);
  await page.getByRole('button', { name: `Save as version ${before + 1}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Saved as version ${before + 1}.` }),
  ).toBeVisible();
  await expect(page.getByText(`Version ${before + 1}`, { exact: true })).toBeVisible();

  // The saved text is what the server now has: it is there after a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Playbooks' })).toBeVisible();
  expect(await openPlaybook(page)).toBe(before + 1);
  await expect(supportEmail(page).getByRole('textbox', { name: 'Appeal text' })).toHaveValue(
    appeal,
  );

  // A typo in a placeholder: refused, named, marked on its field, and nothing is saved.
  const followUpSubject = supportEmail(page).getByRole('textbox', { name: 'Follow-up subject' });
  await followUpSubject.fill('Any news about {{phone_number}}?');
  await page.getByRole('button', { name: `Save as version ${before + 2}` }).click();
  await expect(page.getByRole('alert')).toContainText('unknown placeholder {{phone_number}}');
  await expect(followUpSubject).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`Version ${before + 1}`, { exact: true })).toBeVisible();
});
