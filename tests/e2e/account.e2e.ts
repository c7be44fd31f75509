// The account flows of issue #27 in the web build against the local backend: sign in with a
// username, forgot password through the local mailbox, sign in with an emailed code, two-factor
// (enroll in Settings, then the code after the password, computed from the secret), change the
// password, and delete the account. axe runs on each new screen.

import { type Page } from '@playwright/test'
import { totpCode, totpStep } from '../../src/backend/auth/totp'
import { latestMail } from '../support/mailbox'
import { openApp, openSignedIn, signInViaUi, ui, waitForFeed } from './support/app'
import { checkA11y } from './support/axe'
import { createUser, e2eEnv, nodeClient, type UserCredentials } from './support/backend'
import { expect, test } from './support/test'

async function mailedCode(email: string): Promise<string> {
  await expect
    .poll(async () => (await latestMail(e2eEnv().apiUrl, email).catch(() => null))?.code)
    .toMatch(/^\d{6}$/)
  return (await latestMail(e2eEnv().apiUrl, email)).code
}

async function signOut(page: Page): Promise<void> {
  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await expect(ui.logIn(page)).toBeVisible()
}

async function openSettings(page: Page, section: string): Promise<void> {
  await page.goto(`${e2eEnv().webUrl}#/settings/${section}`)
  // The page's own heading: until the route has changed, the feed behind it has headings too.
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
}

// Each flow runs several bcrypt checks and mails: on a shared, loaded machine that takes longer
// than the default minute. Every test makes its own people: both workers may share this file.
test.describe.configure({ mode: 'parallel', timeout: 180_000 })

const byUsername = (user: UserCredentials): UserCredentials => ({ ...user, email: user.username })

test('forgot password: the mailed code, a new password, signed in', async ({
  appPage: page
}, testInfo) => {
  const user = await createUser('forgot')
  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Trouble logging in?' })
  await checkA11y(page, 'forgot password (email)', testInfo)
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  await dialog.getByRole('button', { name: 'Send login link' }).click()
  await expect(dialog.getByRole('status')).toContainText(user.email)
  await checkA11y(page, 'forgot password (code)', testInfo)
  await dialog.getByLabel('Code', { exact: true }).fill(await mailedCode(user.email))
  await dialog.getByRole('button', { name: 'Continue' }).click()

  const reset = page.getByRole('dialog', { name: 'Create a new password' })
  await expect(reset).toBeVisible()
  await checkA11y(page, 'create a new password', testInfo)
  await reset.getByLabel('New password', { exact: true }).fill('a-brand-new-pass')
  await reset.getByLabel('New password, again', { exact: true }).fill('a-brand-new-pass')
  await reset.getByRole('button', { name: 'Reset password' }).click()
  await expect(reset).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()

  await signOut(page)
  await signInViaUi(page, { ...user, password: 'a-brand-new-pass' })
})

test('forgot password with two-factor on: the mailed code, the app code, a new password', async ({
  appPage: page
}) => {
  const user = await createUser('forgot2fa')
  const enrolled = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app' })
  const secret = enrolled.data!.totp.secret
  const verified = await user.client.auth.mfa.challengeAndVerify({
    factorId: enrolled.data!.id,
    code: totpCode(secret, totpStep(Date.now()))
  })
  expect(verified.error).toBeNull()

  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Trouble logging in?' })
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  await dialog.getByRole('button', { name: 'Send login link' }).click()
  await expect(dialog.getByRole('status')).toContainText(user.email)
  await dialog.getByLabel('Code', { exact: true }).fill(await mailedCode(user.email))
  await dialog.getByRole('button', { name: 'Continue' }).click()

  // The server takes a new password only from an aal2 session: the app's code comes first.
  const second = page.getByRole('dialog', { name: 'Two-factor authentication' })
  await second.getByLabel('Security code').fill(totpCode(secret, totpStep(Date.now()) + 1))
  await second.getByRole('button', { name: 'Confirm' }).click()
  const reset = page.getByRole('dialog', { name: 'Create a new password' })
  await reset.getByLabel('New password', { exact: true }).fill('a-second-new-pass')
  await reset.getByLabel('New password, again', { exact: true }).fill('a-second-new-pass')
  await reset.getByRole('button', { name: 'Reset password' }).click()
  await expect(reset).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()

  const again = await nodeClient().auth.signInWithPassword({
    email: user.email,
    password: 'a-second-new-pass'
  })
  expect(again.error).toBeNull()
})

test('signs in with an emailed login code', async ({ appPage: page }) => {
  const user = await createUser('bycode')
  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Send me a login code' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log in with a code' })
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  await dialog.getByRole('button', { name: 'Send me a login code' }).click()
  await dialog.getByLabel('Code', { exact: true }).fill(await mailedCode(user.email))
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()
})

test('turns on two-factor, then asks for its code after the password', async ({
  appPage: page
}, testInfo) => {
  const user = await createUser('twofa')
  await openSignedIn(page, user)
  await openSettings(page, 'security')
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authentication app' })).toBeVisible()
  await checkA11y(page, 'settings: two-factor enrollment', testInfo)
  const secret = (await page.getByLabel('Setup key').textContent())!.trim()
  await page.getByLabel('Code from the app').fill(totpCode(secret, totpStep(Date.now())))
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible()

  await signOut(page)
  await ui.logIn(page).click()
  const login = ui.authDialog(page)
  await login.getByLabel('Username or email', { exact: true }).fill(user.username)
  await login.getByLabel('Password', { exact: true }).fill(user.password)
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  const second = page.getByRole('dialog', { name: 'Two-factor authentication' })
  await expect(second).toBeVisible()
  await expect(ui.logIn(page)).toBeVisible()
  await checkA11y(page, 'two-factor code', testInfo)
  await second.getByLabel('Security code').fill('000000')
  await second.getByRole('button', { name: 'Confirm' }).click()
  await expect(second.getByRole('alert')).toContainText("That code isn't valid")
  await second.getByLabel('Security code').fill(totpCode(secret, totpStep(Date.now()) + 1))
  await second.getByRole('button', { name: 'Confirm' }).click()
  await expect(second).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()
})

// One account's last steps, in order: a new password, a sign-in with the username and it, then
// the account deleted with it.
test('changes the password, signs in with the username, then deletes the account', async ({
  appPage: page
}) => {
  const user = await createUser('newpass')
  await openSignedIn(page, user)
  await openSettings(page, 'security')
  const form = page.getByRole('form', { name: 'Change password' })
  await form.getByLabel('Current password').fill(user.password)
  await form.getByLabel('New password', { exact: true }).fill('changed-pass-456')
  await form.getByLabel('New password, again').fill('changed-pass-456')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(form.getByRole('status')).toHaveText('Your password was changed.')
  await signOut(page)
  const changed = { ...user, password: 'changed-pass-456' }
  await signInViaUi(page, byUsername(changed))
  await waitForFeed(page)

  await openSettings(page, 'account')
  const deletion = page.getByRole('form', { name: 'Delete account' })
  await deletion.getByLabel('Password').fill('not-my-password')
  await deletion.getByRole('button', { name: 'Delete account' }).click()
  await expect(deletion.getByRole('alert')).toContainText('your password was incorrect')
  await deletion.getByLabel('Password').fill(changed.password)
  await deletion.getByRole('button', { name: 'Delete account' }).click()
  await expect(ui.logIn(page)).toBeVisible()

  await ui.logIn(page).click()
  const login = ui.authDialog(page)
  await login.getByLabel('Username or email', { exact: true }).fill(user.username)
  await login.getByLabel('Password', { exact: true }).fill(changed.password)
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(login.getByRole('alert')).toContainText("doesn't belong to an account")
})
