// Two-factor recovery codes in the web build against the local backend: turning two-factor on
// shows ten codes once (downloaded as a .txt), and after signing out a password plus one of them
// logs in and shows the feed; the same code a second time is refused. axe runs on the new screens.

import { readFile } from 'node:fs/promises'
import { type Page } from '@playwright/test'
import { totpCode, totpStep } from '../../src/backend/auth/totp'
import { openSignedIn, ui, waitForFeed } from './support/app'
import { checkA11y } from './support/axe'
import { createUser, e2eEnv, type UserCredentials } from './support/backend'
import { expect, test } from './support/test'

async function signOut(page: Page): Promise<void> {
  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await expect(ui.logIn(page)).toBeVisible()
}

/** Password first; resolves on the second-factor step, switched to a recovery code. */
async function passwordThenRecovery(page: Page, user: UserCredentials) {
  await ui.logIn(page).click()
  const login = ui.authDialog(page)
  await login.getByLabel('Username or email', { exact: true }).fill(user.username)
  await login.getByLabel('Password', { exact: true }).fill(user.password)
  await login.getByRole('button', { name: 'Log in', exact: true }).click()
  const second = page.getByRole('dialog', { name: 'Two-factor authentication' })
  await second.getByRole('button', { name: 'Use a recovery code' }).click()
  await expect(second.getByLabel('Recovery code')).toBeFocused()
  return second
}

// Several bcrypt checks on a shared, loaded machine take longer than the default minute.
test.describe.configure({ timeout: 180_000 })

test('saves recovery codes when turning two-factor on, then logs in with one, once', async ({
  appPage: page
}, testInfo) => {
  const user = await createUser('recovery')
  await openSignedIn(page, user)
  await page.goto(`${e2eEnv().webUrl}#/settings/security`)
  await page.getByRole('button', { name: 'Turn on', exact: true }).click()
  const secret = (await page.getByLabel('Setup key').textContent())!.trim()
  await page.getByLabel('Code from the app').fill(totpCode(secret, totpStep(Date.now())))
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click()

  const list = page.getByRole('list', { name: 'Your recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  await checkA11y(page, 'settings: recovery codes', testInfo)
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim())
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click()
  ])
  expect(download.suggestedFilename()).toBe('instaframe-recovery-codes.txt')
  const saved = await readFile((await download.path())!, 'utf8')
  for (const code of codes) expect(saved).toContain(code)
  await page.getByRole('button', { name: "I've saved them" }).click()
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()

  await signOut(page)
  let second = await passwordThenRecovery(page, user)
  await checkA11y(page, 'two-factor: recovery code', testInfo)
  await second.getByLabel('Recovery code').fill(codes[0])
  await second.getByRole('button', { name: 'Confirm' }).click()
  await expect(second).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()
  await waitForFeed(page)

  await signOut(page)
  second = await passwordThenRecovery(page, user)
  await second.getByLabel('Recovery code').fill(codes[0])
  await second.getByRole('button', { name: 'Confirm' }).click()
  await expect(second.getByRole('alert')).toHaveText(
    "That recovery code isn't valid or was already used. Each code works once: try another one."
  )
  await expect(ui.logIn(page)).toBeVisible()
})
