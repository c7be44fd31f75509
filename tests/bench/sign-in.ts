// Signing a bench's reader in through the app's own login dialog, as a person would.

import type { Page } from 'playwright-core'

export async function signInThroughDialog(
  page: Page,
  credentials: { email: string; password: string }
): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log in', exact: true })
    .click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Username or email', { exact: true }).fill(credentials.email)
  await dialog.getByLabel('Password', { exact: true }).fill(credentials.password)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
}
