// Keyboard-first use in the browser build: sign in and move between views without the mouse,
// the whole main flow (like, open, comment, post, search, profile) with keys only, shortcuts
// that never fire while typing, and the shortcuts sheet (axe clean).

import { type Locator, type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import { openApp, ui, waitForFeed, waitForRest } from './support/app'
import { checkA11y } from './support/axe'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser
let friend: TestUser

test.beforeAll(async () => {
  // The friend's post is the oldest: the own posts stay the first two of the feed.
  friend = await createUser('keyfriend')
  await createPostAs(friend, 'A friend posted this', 9)
  user = await createUser('keyboard')
  await createPostAs(user, 'Typed, not clicked', 7)
  await createPostAs(user, 'Second, for j and k', 8)
})

/** Presses Tab until `target` has focus, as someone reaching a control by keyboard does. */
async function tabTo(page: Page, target: Locator, most = 25): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

async function signInWithKeys(page: Page): Promise<void> {
  await page.keyboard.press('n')
  const dialog = ui.authDialog(page)
  await expect(dialog.getByLabel('Username or email', { exact: true })).toBeFocused()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(user.password)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(ui.accountMenuButton(page)).toBeVisible()
  await waitForFeed(page)
}

test('signs in and moves between views with the keyboard only', async ({ appPage: page }) => {
  await openApp(page)
  await waitForFeed(page)

  // n asks a visitor to sign in; the dialog takes the keys from there.
  await page.keyboard.press('n')
  const dialog = ui.authDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Username or email', { exact: true })).toBeFocused()
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
  ).not.toHaveAttribute('aria-busy')
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

test('the main flow with the keyboard only: like, open, comment, post, search, profile', async ({
  appPage: page
}) => {
  await openApp(page)
  await waitForFeed(page)
  await signInWithKeys(page)

  // j through the own two posts to the friend's, k back and j again; l likes it.
  const post = ui.post(page, friend.username).first()
  for (const key of ['j', 'j', 'j', 'k']) await page.keyboard.press(key)
  await expect(ui.posts(page).nth(1)).toBeFocused()
  await page.keyboard.press('j')
  await expect(post).toBeFocused()
  await page.keyboard.press('l')
  await expect(post.getByRole('button', { name: 'Unlike', exact: true })).not.toHaveAttribute(
    'aria-busy'
  )

  // Enter opens the focused post; Escape closes it and the card has focus again.
  await page.keyboard.press('Enter')
  const opened = page.getByRole('dialog', { name: `Post by ${friend.username}` })
  await expect(opened.getByText('A friend posted this')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(opened).toBeHidden()
  await expect(post).toBeFocused()

  // c opens it to comment: the field has focus, Enter sends, Escape closes.
  await page.keyboard.press('c')
  const field = opened.getByRole('textbox', { name: 'Add a comment' })
  await expect(field).toBeFocused()
  await page.keyboard.type('Sent without a mouse')
  const sent = waitForRest(page, 'comments', 'POST')
  await page.keyboard.press('Enter')
  await sent
  await expect(opened.getByRole('article', { name: `Comment by ${user.username}` })).toContainText(
    'Sent without a mouse'
  )
  await page.keyboard.press('Escape')
  await expect(opened).toBeHidden()

  // s saves the focused post (and s again takes it back).
  await page.keyboard.press('s')
  await expect(post.getByRole('button', { name: 'Remove from saved', exact: true })).toBeVisible()
  await page.keyboard.press('s')
  await expect(post.getByRole('button', { name: 'Save', exact: true })).toBeVisible()

  // n: Create opens on "Select from computer"; Enter opens the file chooser. Playwright turns on
  // file-chooser interception without waiting for it, and a key press (unlike a click, with its
  // actionability round trips) can reach the page first, so the wait starts well before Enter.
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('n')
  const create = ui.createDialog(page)
  const select = create.getByRole('button', { name: 'Select from computer' })
  await expect(select).toBeFocused()
  await page.keyboard.press('Enter')
  await (await chooser).setFiles(photoPng(21))
  await expect(ui.preview(page)).toBeVisible()
  await tabTo(page, ui.caption(page))
  await page.keyboard.type('Posted with keys')
  await tabTo(page, ui.share(page))
  const shared = waitForRest(page, 'rpc/create_post', 'POST')
  await page.keyboard.press('Enter')
  await shared
  await expect(create).toBeHidden()

  // / searches; ↓ and Enter open the person found.
  await page.keyboard.press('/')
  const search = page.getByRole('combobox', { name: 'Search people' })
  await expect(search).toBeFocused()
  await page.keyboard.type(friend.username)
  await expect(page.getByRole('option', { name: new RegExp(friend.username) })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: friend.username })).toBeVisible()

  // g p: the own profile, with the post just made (the feed, scrolled down to the friend's
  // post, renders only the cards near the viewport).
  await search.blur()
  await page.keyboard.press('g')
  await page.keyboard.press('p')
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  await expect(page).toHaveTitle(`${user.username} • Instaframe`)
  await expect(ui.profileGrid(page).getByRole('img', { name: 'Posted with keys' })).toBeVisible()
})

test('? opens the shortcuts sheet, which passes axe and closes with Escape', async ({
  appPage: page
}, testInfo) => {
  await openApp(page)
  await waitForFeed(page)
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  for (const description of [
    'Next post',
    'Like or unlike the focused post',
    'Comment on the focused post',
    'Save or unsave the focused post',
    'Open the focused post',
    'Show your activity',
    'Back',
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
