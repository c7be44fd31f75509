// Offline browsing from the read cache (docs/product.md, "Offline"): what a user saw — feed
// posts with their photos, a profile and a post they opened — is there again after a reload with the
// backend unreachable, under a calm banner; the banner goes and fresh posts arrive when the
// backend answers again.

import { type Page } from '@playwright/test'
import { MESSAGES, openSignedIn, reloadApp, ui } from './support/app'
import { createPostAs, createUser, e2eEnv, type TestUser } from './support/backend'
import { readOfflineCache } from '../support/chromium/offline-cache'
import { expect, test } from './support/test'

/** Every request to the backend fails the way a dropped network does. */
async function cutBackend(page: Page): Promise<void> {
  await page.route(`${new URL(e2eEnv().apiUrl).origin}/**`, (route) =>
    route.abort('internetdisconnected')
  )
}

/** How many images the page's offline cache holds. */
async function savedImageCount(page: Page): Promise<number> {
  return (await readOfflineCache(page)).images.entries
}

const postView = (page: Page, username: string) =>
  page.getByRole('dialog', { name: `Post by ${username}` })

async function openPostView(page: Page, username: string): Promise<void> {
  await ui
    .post(page, username)
    .first()
    .getByRole('button', { name: 'Comment', exact: true })
    .click()
  await expect(postView(page, username).getByRole('region', { name: 'Comments' })).toBeVisible()
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = target
  }, hash)
}

/** The photo inside `username`'s post has pixels (loaded, not a broken image). */
async function expectPhotoShown(page: Page, username: string): Promise<void> {
  const photo = ui.post(page, username).getByTestId('post-media').locator('img')
  await expect(photo).toHaveAttribute('data-offline', 'saved')
  await expect
    .poll(() => photo.evaluate((element) => (element as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0)
}

test('a reload with the backend unreachable shows the saved feed, photos, profile and post', async ({
  appPage: page
}) => {
  const author: TestUser = await createUser('offauthor')
  const viewer = await createUser('offviewer')
  const stranger = await createUser('offstranger')
  await createPostAs(author, 'Seen before the train tunnel', 5)

  await openSignedIn(page, viewer)
  await expect(ui.post(page, author.username).first()).toBeVisible()
  await goTo(page, `#/u/${author.username}`)
  await expect(ui.profileGrid(page).getByRole('img')).toHaveCount(1)
  // The feed photo, the grid tile (the same photo) and nothing else yet: wait until saved.
  await expect.poll(() => savedImageCount(page)).toBeGreaterThanOrEqual(1)
  await goTo(page, '#/')
  await expect(ui.post(page, author.username).first()).toBeVisible()
  // Open the post once, so its view (post and comments) is saved too.
  const savedBefore = (await readOfflineCache(page)).answers.entries
  await openPostView(page, author.username)
  await expect
    .poll(async () => (await readOfflineCache(page)).answers.entries)
    .toBe(savedBefore + 1)
  await page.keyboard.press('Escape')
  await expect(postView(page, author.username)).toBeHidden()

  await cutBackend(page)
  await reloadApp(page)
  const banner = page.getByRole('status').filter({ hasText: MESSAGES.offlineBanner })
  await expect(banner).toBeVisible()
  await expect(ui.post(page, author.username).first()).toContainText('Seen before the train tunnel')
  await expect(ui.feedLoading(page)).toHaveCount(0)
  await expectPhotoShown(page, author.username)

  // The post opened before opens offline, with its caption.
  await openPostView(page, author.username)
  await expect(postView(page, author.username)).toContainText('Seen before the train tunnel')
  await page.keyboard.press('Escape')

  // The profile opened before is there offline; someone else's never opened says it is not
  // (one's own shows the spec's empty state instead: failure-states.e2e.ts).
  await goTo(page, `#/u/${author.username}`)
  await expect(page.getByRole('main').getByText(author.username).first()).toBeVisible()
  await expect(ui.profileGrid(page).getByRole('img')).toHaveCount(1)
  await goTo(page, `#/u/${stranger.username}`)
  await expect(page.getByText(MESSAGES.notAvailableOffline)).toBeVisible()

  // The backend answers again: the banner goes and a post made meanwhile arrives.
  await goTo(page, '#/')
  await createPostAs(author, 'Posted while you were away', 6)
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await expect(banner).toBeHidden({ timeout: 15_000 })
  await expect(page.getByText('Posted while you were away')).toBeVisible()
})

test('Clear cache shows the size and empties it; signing out wipes the user’s saved data', async ({
  appPage: page
}) => {
  const author = await createUser('wipeauthor')
  const viewer = await createUser('wipeviewer')
  await createPostAs(author, 'Private to this session', 7)
  await openSignedIn(page, viewer)
  await expect(ui.post(page, author.username).first()).toBeVisible()
  await expect.poll(() => savedImageCount(page)).toBeGreaterThanOrEqual(1)

  await ui.accountMenuButton(page).click()
  const clear = ui.accountMenu(page).getByRole('menuitem', { name: /^Clear cache \(\d+ KB\)$/ })
  await expect(clear).not.toHaveText('Clear cache (0 KB)')
  await clear.click()
  await expect(page.getByText(MESSAGES.cacheCleared)).toBeVisible()
  expect(await readOfflineCache(page)).toMatchObject({
    answers: { entries: 0 },
    images: { entries: 0 }
  })
  await page.keyboard.press('Escape')

  // Seen again, saved again; then signing out removes it all.
  await reloadApp(page)
  await expect(ui.post(page, author.username).first()).toBeVisible()
  await expect.poll(() => savedImageCount(page)).toBeGreaterThanOrEqual(1)
  const ownAnswers = async (): Promise<string[]> =>
    (await readOfflineCache(page)).answerIds.filter((id) => id.startsWith(`${viewer.id}\u0000`))
  expect(await ownAnswers()).not.toEqual([])
  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(ui.logIn(page)).toBeVisible()
  // Nothing of the viewer's is left; the visitor's feed may be saved again as it shows.
  expect(await ownAnswers()).toEqual([])
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { localStorage: { getItem(key: string): string | null } }
      ).localStorage.getItem('instaframe-cache:last-user')
    )
  ).toBeNull()
})
