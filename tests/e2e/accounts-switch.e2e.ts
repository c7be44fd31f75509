// Several accounts in the web build (docs/product.md, "Several accounts"): sign in as alice, add
// bob without logging alice out, switch with Ctrl+Shift+<n> and from the account menu, each time
// seeing that account's own profile and menu, survive a reload, and log out of one only. axe runs
// on the menu in light and dark.

import { type Page } from '@playwright/test'
import { openSignedIn, ui, waitForFeed } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

test.describe.configure({ timeout: 180_000 })

async function openMenu(page: Page): Promise<void> {
  await ui.accountMenuButton(page).click()
  await expect(ui.accountMenu(page)).toBeVisible()
}

/** The account menu says `user` is current, and their own profile shows their post. */
async function expectCurrent(
  page: Page,
  user: TestUser,
  caption: string,
  several = true
): Promise<void> {
  await openMenu(page)
  await expect(ui.accountMenu(page).getByText(user.username).first()).toBeVisible()
  if (several) {
    await expect(
      ui.accountMenu(page).getByRole('menuitemradio', { name: new RegExp(user.username) })
    ).toHaveAttribute('aria-checked', 'true')
  }
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Profile' }).click()
  await expect(page.getByRole('heading', { name: user.username, level: 1 })).toBeVisible()
  // Each has one post of their own: the grid shows it (the photo's alt is its caption).
  await expect(ui.profileGrid(page).getByRole('listitem')).toHaveCount(1, { timeout: 20_000 })
  await expect(ui.profileGrid(page).getByRole('img', { name: caption })).toBeVisible()
}

test('adds a second account, switches by shortcut and by menu, and logs out of one', async ({
  appPage: page
}, testInfo) => {
  const alice = await createUser('alice')
  const bob = await createUser('bob')
  await createPostAs(alice, 'alice by the sea')
  await createPostAs(bob, 'bob in the hills')

  await openSignedIn(page, alice)
  await openMenu(page)
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Add account' }).click()
  const dialog = ui.authDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Username or email', { exact: true })).toBeFocused()
  await dialog.getByLabel('Username or email', { exact: true }).fill(bob.email)
  await dialog.getByLabel('Password', { exact: true }).fill(bob.password)
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog).toBeHidden()
  await waitForFeed(page)
  await expectCurrent(page, bob, 'bob in the hills')

  await openMenu(page)
  const accounts = ui.accountMenu(page).getByRole('menuitemradio')
  await expect(accounts).toHaveCount(2)
  await expect(accounts.nth(0)).toContainText(alice.username)
  await expect(accounts.nth(1)).toContainText(bob.username)
  await checkA11yBothThemes(page, 'account menu with two accounts', testInfo)
  await page.keyboard.press('Escape')

  // Ctrl+Shift+1: the first account in the menu.
  await page.keyboard.press('Control+Shift+Digit1')
  await expectCurrent(page, alice, 'alice by the sea')

  // A click in the menu: bob again.
  await openMenu(page)
  await ui
    .accountMenu(page)
    .getByRole('menuitemradio', { name: new RegExp(bob.username) })
    .click()
  await expect(ui.accountMenu(page)).toBeHidden()
  await expectCurrent(page, bob, 'bob in the hills')

  // A reload keeps both accounts and the current one.
  await page.reload()
  // Started again on bob's profile: the menu is opened once the page has come back.
  await expect(page.getByRole('heading', { name: bob.username, level: 1 })).toBeVisible()
  await expectCurrent(page, bob, 'bob in the hills')

  // Logging out of bob leaves alice signed in.
  await openMenu(page)
  await ui
    .accountMenu(page)
    .getByRole('menuitem', { name: `Log out @${bob.username}` })
    .click()
  // The menu stays open until the sign-out has finished; a click on the avatar before then would
  // only close it.
  await expect(ui.accountMenu(page)).toBeHidden()
  await expectCurrent(page, alice, 'alice by the sea', false)
  await openMenu(page)
  // One account left: the menu names it at the top only, and offers Add account again.
  await expect(ui.accountMenu(page).getByRole('menuitemradio')).toHaveCount(0)
  await expect(ui.accountMenu(page).getByRole('menuitem', { name: 'Add account' })).toBeVisible()
  await expect(ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
})
