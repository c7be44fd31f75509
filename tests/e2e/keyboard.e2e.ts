// Keyboard-first use in the browser build: sign in and move between views without the mouse,
// shortcuts that never fire while typing, and the shortcuts sheet (axe clean).

import { expect, test } from '@playwright/test'
import { openApp, ui, waitForFeed } from './support/app'
import { checkA11y } from './support/axe'
import { createPostAs, createUser, type TestUser } from './support/backend'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('keyboard')
  await createPostAs(user, 'Typed, not clicked', 7)
  await createPostAs(user, 'Second, for j and k', 8)
})

test('signs in and moves between views with the keyboard only', async ({ page }) => {
  await openApp(page)
  await waitForFeed(page)

  // n asks a visitor to sign in; the dialog takes the keys from there.
  await page.keyboard.press('n')
  const dialog = ui.authDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Email', { exact: true })).toBeFocused()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()

  // j focuses the first post with a visible ring, l likes it and l again takes it back.
  await waitForFeed(page)
  await page.keyboard.press('j')
  const first = ui.posts(page).first()
  await expect(first).toBeFocused()
  await expect(first).toHaveCSS('outline-style', 'solid')
  const wasLiked = await first.getByRole('button', { name: 'Unlike', exact: true }).count()
  await page.keyboard.press('l')
  // The like is saved before the button takes another press (a busy button ignores l).
  await expect(
    first.getByRole('button', { name: wasLiked ? 'Like' : 'Unlike', exact: true })
  ).toBeEnabled()
  await page.keyboard.press('l')
  await expect(
    first.getByRole('button', { name: wasLiked ? 'Unlike' : 'Like', exact: true })
  ).toBeVisible()
  await page.keyboard.press('j')
  await expect(ui.posts(page).nth(1)).toBeFocused()
  await page.keyboard.press('k')
  await expect(first).toBeFocused()

  // g p: the profile, named in the window title; g h: home again.
  await page.keyboard.press('g')
  await page.keyboard.press('p')
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  await expect(page).toHaveTitle(`${user.username} • Instaframe`)
  await page.keyboard.press('g')
  await page.keyboard.press('h')
  await expect(ui.post(page, user.username).first()).toBeVisible()
  await expect(page).toHaveTitle('Instaframe')

  // / focuses search, and letters typed there stay letters.
  await page.keyboard.press('/')
  const search = page.getByRole('combobox', { name: 'Search people' })
  await expect(search).toBeFocused()
  await page.keyboard.type('ng')
  await expect(search).toHaveValue('ng')
  await expect(ui.createDialog(page)).toBeHidden()

  // Out of the field, n opens Create; Escape closes it.
  await search.blur()
  await page.keyboard.press('n')
  await expect(ui.createDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(ui.createDialog(page)).toBeHidden()
})

test('? opens the shortcuts sheet, which passes axe and closes with Escape', async ({
  page
}, testInfo) => {
  await openApp(page)
  await waitForFeed(page)
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  for (const description of [
    'Next post',
    'Like or unlike the focused post',
    'New post',
    'Search',
    'Go to Home',
    'Go to your profile'
  ]) {
    await expect(sheet.getByText(description, { exact: true }).first()).toBeVisible()
  }
  await checkA11y(page, 'shortcuts sheet', testInfo)
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
})
