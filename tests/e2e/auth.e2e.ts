// Signing up through the modal, signing in and out, and a reload keeping the session.

import { MESSAGES, openApp, reloadApp, signInViaUi, ui, waitForFeed } from './support/app'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { checkA11y } from './support/axe'
import { createUser, newCredentials } from './support/backend'
import { expect, test } from './support/test'

test('signs up through the modal and is signed in at once', async ({ appPage: page }) => {
  const user = newCredentials('signup')
  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Sign up', exact: true }).click()
  const dialog = ui.signUpDialog(page)
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Full name', { exact: true }).fill(user.fullName)
  await dialog.getByLabel('Username', { exact: true }).fill(user.username)
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  const password = dialog.getByLabel('Password', { exact: true })
  await password.fill(user.password)
  await expect(password).toHaveAttribute('type', 'password')
  await dialog.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')

  const signedUp = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/v1/signup'
  )
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click()
  expect((await signedUp).status()).toBe(200)
  // The local backend confirms at once, so there is a session and the modal closes; the welcome
  // takes over (welcome.e2e.ts walks through it).
  await expect(dialog).toBeHidden()
  const welcome = page.getByRole('dialog', { name: 'Add a profile photo' })
  await expect(welcome).toBeVisible({ timeout: 15_000 })
  await welcome.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(welcome).toBeHidden()
  await expect(ui.logIn(page)).toHaveCount(0)
  await ui.accountMenuButton(page).click()
  const menu = ui.accountMenu(page)
  await expect(menu.getByText(user.username, { exact: true })).toBeVisible()
  await expect(menu.getByText(user.fullName, { exact: true })).toBeVisible()
})

test("a wrong password: the server's message, the app's help under it, modal open", async ({
  appPage: page
}) => {
  const user = await createUser('wrongpw')
  await openApp(page)
  await ui.logIn(page).click()
  const dialog = ui.authDialog(page)
  await dialog.getByLabel('Username or email', { exact: true }).fill(user.email)
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password')
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  const alert = dialog.getByRole('alert')
  await expect(alert.getByRole('paragraph').first()).toHaveText('Invalid login credentials')
  await expect(alert.getByRole('paragraph').nth(1)).toHaveText(AUTH_MESSAGES.wrongPassword)
  await expect(dialog).toBeVisible()
  await expect(ui.accountMenuButton(page)).toHaveCount(0)
})

test('signs in, keeps the session across a reload, and signs out', async ({ appPage: page }) => {
  const user = await createUser('signin')
  await openApp(page)
  await signInViaUi(page, user)
  await waitForFeed(page)
  // The side panel names the signed-in user.
  const panel = page.getByRole('complementary', { name: 'Suggestions' })
  await expect(panel.getByText(user.username, { exact: true })).toBeVisible()

  await reloadApp(page)
  await expect(ui.accountMenuButton(page)).toBeVisible()
  await expect(ui.logIn(page)).toHaveCount(0)
  await expect(panel.getByText(user.fullName, { exact: true })).toBeVisible()

  await ui.accountMenuButton(page).click()
  const loggedOut = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/auth/v1/logout'
  )
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out' }).click()
  await loggedOut
  await expect(ui.logIn(page)).toBeVisible()
  await expect(ui.accountMenuButton(page)).toHaveCount(0)

  await reloadApp(page)
  await waitForFeed(page)
  await expect(ui.logIn(page)).toBeVisible()
  await expect(ui.accountMenuButton(page)).toHaveCount(0)
})

test('when the server wants a confirmation, sign-up says so and clears the form', async ({
  appPage: page
}, testInfo) => {
  // The local backend confirms at once; answer as a hosted one with confirmations on would.
  const user = newCredentials('confirm')
  await page.route(
    (url) => url.pathname === '/auth/v1/signup',
    (route) =>
      route.fulfill({
        json: {
          id: '00000000-0000-4000-8000-000000000001',
          aud: 'authenticated',
          role: '',
          email: user.email,
          identities: [{ id: '00000000-0000-4000-8000-000000000001', provider: 'email' }],
          user_metadata: { username: user.username, full_name: user.fullName },
          app_metadata: {},
          created_at: new Date().toISOString()
        }
      })
  )
  await openApp(page)
  await ui.logIn(page).click()
  await ui.authDialog(page).getByRole('button', { name: 'Sign up', exact: true }).click()
  const dialog = ui.signUpDialog(page)
  await dialog.getByLabel('Full name', { exact: true }).fill(user.fullName)
  await dialog.getByLabel('Username', { exact: true }).fill(user.username)
  await dialog.getByLabel('Email', { exact: true }).fill(user.email)
  await dialog.getByLabel('Password', { exact: true }).fill(user.password)
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText(MESSAGES.signUpCheckEmail)
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('')
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue('')
  await expect(ui.logIn(page)).toBeVisible()
  await checkA11y(page, 'auth modal (sign-up success)', testInfo)
})
