// The feed's and a brand-new user's profile's empty states, both real rather than intercepted.
// The empty feed is read from a backend of its own, so this file passes in any order, alone or
// after every other spec.

import {
  MESSAGES,
  isFeedRead,
  openApp,
  openProfile,
  openSignedIn,
  ui,
  waitForFeed
} from './support/app'
import { checkA11y } from './support/axe'
import { createUser, startEmptyInstance, type EmptyInstance } from './support/backend'
import { expect, test } from './support/test'

test.describe('on an empty backend', () => {
  let empty: EmptyInstance | undefined
  test.beforeAll(async () => {
    empty = await startEmptyInstance()
  })
  test.afterAll(async () => {
    await empty?.close()
  })

  test('a visitor on an empty backend sees "No posts yet"', async ({ page }, testInfo) => {
    const feedRead = page.waitForResponse(isFeedRead)
    await openApp(page, empty!.webUrl)
    await feedRead
    await waitForFeed(page)
    await expect(
      page.getByRole('heading', { name: MESSAGES.feedEmptyTitle, exact: true })
    ).toBeVisible()
    await expect(page.getByText(MESSAGES.feedEmptyText, { exact: true })).toBeVisible()
    await expect(ui.posts(page)).toHaveCount(0)
    await checkA11y(page, 'feed empty (signed out)', testInfo)
  })
})

test('a brand-new user sees "No Posts Yet" and zero counts on the profile', async ({
  page
}, testInfo) => {
  const user = await createUser('fresh')
  await openSignedIn(page, user)
  await openProfile(page)
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  await expect(
    page.getByRole('heading', { name: MESSAGES.profileEmptyTitle, exact: true })
  ).toBeVisible()
  await expect(page.getByText(MESSAGES.profileEmptyText, { exact: true })).toBeVisible()
  await expect(ui.profileStats(page).getByRole('listitem')).toHaveText([
    '0 posts',
    '0 followers',
    '0 following'
  ])
  await expect(ui.profileGrid(page)).toHaveCount(0)
  await checkA11y(page, 'profile empty', testInfo)
})
