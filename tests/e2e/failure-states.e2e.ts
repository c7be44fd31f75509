// The spec's failure states (docs/product.md, "Errors"): profile, posts and stats reads that fail,
// answered by the backend or not reaching it, are only logged; the profile keeps its bar whole
// and shows counts of 0 and an empty grid, the feed shows as empty, and nothing says "Couldn't
// load". The offline banner may stay: it says the backend is unreachable, not that a read failed.

import { type Page, type Route } from '@playwright/test'
import { expect, test } from './support/test'
import { MESSAGES, openApp, openProfile, signInViaUi, ui, waitForFeed } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'

let owner: TestUser

test.beforeAll(async () => {
  owner = await createUser('failstates')
  await createPostAs(owner, 'Before the failure', 12)
})

/** Console lines the app logged as errors, for the spec's "only logged" failures. */
function errorLines(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') lines.push(message.text())
  })
  return lines
}

const logged = (lines: string[], ...starts: string[]): boolean[] =>
  starts.map((start) => lines.some((line) => line.startsWith(start)))

const answer500 = (route: Route): Promise<void> =>
  route.fulfill({ status: 500, json: { message: 'boom', code: 'XX000' } })

/** The own profile as the spec's empty state draws it, its bar whole. */
async function expectEmptyOwnProfile(page: Page): Promise<void> {
  const main = page.getByRole('main')
  await expect(ui.profileBack(page)).toBeVisible()
  await expect(main.getByRole('heading', { level: 1, name: owner.username })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Edit profile', exact: true })).toBeVisible()
  await expect(main.getByText(owner.fullName, { exact: true })).toBeVisible()
  await expect(ui.profileStats(page).getByRole('listitem')).toHaveText([
    '0 posts',
    '0 followers',
    '0 following'
  ])
  await expect(page.getByText(MESSAGES.profileEmptyTitle, { exact: true })).toBeVisible()
  await expect(ui.profileGrid(page).getByRole('listitem')).toHaveCount(0)
  await expect(page.getByText(/Couldn't load/)).toHaveCount(0)
  await expect(page.getByText(MESSAGES.notAvailableOffline)).toHaveCount(0)
}

test("avatar menu › Profile opens the own profile when the session's profile read failed", async ({
  appPage: page
}) => {
  const errors = errorLines(page)
  await page.route((url) => url.pathname === '/rest/v1/profiles', answer500)
  await openApp(page)
  await signInViaUi(page, owner)
  await openProfile(page)
  await expectEmptyOwnProfile(page)
  expect(logged(errors, 'Error fetching profile', 'Error fetching user stats')).toEqual([
    true,
    true
  ])
})

test('on a network failure the own profile shows the empty state, not "Couldn\'t load"', async ({
  appPage: page
}) => {
  const errors = errorLines(page)
  await openApp(page)
  await signInViaUi(page, owner)
  await waitForFeed(page)
  // The backend stops answering reads: requests fail before reaching it.
  await page.route(
    (url) => url.pathname === '/rest/v1/profiles' || url.pathname === '/rest/v1/posts',
    (route) => route.abort('connectionrefused')
  )
  await openProfile(page)
  await expectEmptyOwnProfile(page)
  await expect.poll(() => logged(errors, 'Error fetching profile')).toEqual([true])
})

test('on a network failure the feed shows as empty and only logs it', async ({ appPage: page }) => {
  const errors = errorLines(page)
  await page.route(
    (url) => url.pathname === '/rest/v1/posts' || url.pathname.startsWith('/rest/v1/rpc/'),
    (route) => route.abort('connectionrefused')
  )
  await openApp(page)
  await waitForFeed(page)
  await expect(page.getByRole('heading', { name: MESSAGES.feedEmptyTitle })).toBeVisible()
  await expect(page.getByText(MESSAGES.feedEmptyText, { exact: true })).toBeVisible()
  await expect(ui.posts(page)).toHaveCount(0)
  await expect(page.getByText(/Couldn't load/)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect.poll(() => logged(errors, 'Error fetching posts')).toEqual([true])
})
