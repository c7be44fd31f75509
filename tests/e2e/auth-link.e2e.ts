// A mailed recovery link from the local mailbox completes the way the desktop app completes
// instaframe://auth/callback: /verify lands on the web build with the session in the fragment,
// the page completes it through the same openAuthLink and hands the outcome to the renderer's
// deep-link handler, which asks for the new password. A used link says why it did not work.

import { AUTH_LINK_MESSAGES } from '../../src/shared/auth-links'
import { latestMail } from '../support/mailbox'
import { openApp, signInViaUi, ui } from './support/app'
import { createUser, e2eEnv } from './support/backend'
import { expect, test } from './support/test'

// bcrypt and a mail on a shared, loaded machine take longer than the default minute.
test.describe.configure({ timeout: 180_000 })

test('the mailed recovery link opens "Create a new password", and works once', async ({
  appPage: page
}) => {
  const user = await createUser('maillink')
  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Trouble logging in?' })
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  await dialog.getByRole('button', { name: 'Send login link' }).click()
  await expect(dialog.getByRole('status')).toContainText(user.email)

  await expect
    .poll(async () => (await latestMail(e2eEnv().apiUrl, user.email).catch(() => null))?.link)
    .toContain('type=recovery')
  const { link } = await latestMail(e2eEnv().apiUrl, user.email)
  await page.goto(link)

  const reset = page.getByRole('dialog', { name: 'Create a new password' })
  await expect(reset).toBeVisible({ timeout: 30_000 })
  // The tokens left the address bar before anything could read or share them.
  expect(page.url()).not.toContain('access_token')
  await reset.getByLabel('New password', { exact: true }).fill('linked-new-pass')
  await reset.getByLabel('New password, again', { exact: true }).fill('linked-new-pass')
  await reset.getByRole('button', { name: 'Reset password' }).click()
  await expect(reset).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()

  await page.goto(link)
  await expect(
    page.getByText(AUTH_LINK_MESSAGES.failed('Email link is invalid or has expired'))
  ).toBeVisible({ timeout: 30_000 })

  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await expect(ui.logIn(page)).toBeVisible()
  await signInViaUi(page, { ...user, password: 'linked-new-pass' })
})
