// The profile view as the spec draws it (docs/product.md, "Profile"): its own bar with a back
// button and the username as the title; profile and posts query failures that are only logged
// (an empty grid and counts of 0, no message); and a grid that reaches every post by paging.

import { type Page } from '@playwright/test'
import { ui, waitForFeed } from './support/app'
import { createPostAs, createUser, e2eEnv, follow, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let star: TestUser
let fan: TestUser
let prolific: TestUser
const PROLIFIC_POSTS = 75

test.beforeAll(async () => {
  ;[star, fan, prolific] = await Promise.all([
    createUser('barstar'),
    createUser('barfan'),
    createUser('prolific')
  ])
  // Oldest first, one after another: the grid shows them newest first.
  for (let made = 1; made <= PROLIFIC_POSTS; made++) {
    await createPostAs(prolific, `Frame ${made}`, 40 + (made % 9))
  }
  // Last, so it is at the top of the feed.
  await createPostAs(star, 'Star light', 31)
  await follow(fan, star)
})

const heading = (page: Page, username: string) =>
  page.getByRole('heading', { level: 1, name: username, exact: true })

/** Console lines the app logged as errors, for the spec's "only logged" failures. */
function errorLines(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') lines.push(message.text())
  })
  return lines
}

test('a profile opened straight from a link goes Back to the feed; then the profile bar’s Back', async ({
  appPage: page
}) => {
  await page.goto(`${e2eEnv().webUrl}#/u/${star.username}`)
  await expect(heading(page, star.username)).toBeVisible()
  await expect(ui.historyBack(page)).toBeDisabled()
  await ui.profileBack(page).click()
  await waitForFeed(page)
  await expect(ui.post(page, star.username).first()).toBeVisible()

  // From the feed, the profile bar's Back returns to the feed, and to the profile before.
  await ui.post(page, star.username).getByRole('link', { name: star.username, exact: true }).click()
  await expect(heading(page, star.username)).toBeVisible()
  // Typed into the address bar: a new history entry on top of the star's profile.
  await page.evaluate((name) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = `#/u/${name}`
  }, fan.username)
  await expect(heading(page, fan.username)).toBeVisible()

  await ui.profileBack(page).click()
  await expect(heading(page, star.username)).toBeVisible()
  await ui.profileBack(page).click()
  await expect(ui.post(page, star.username)).toBeVisible()
  await expect(ui.profileStats(page)).toHaveCount(0)
})

test("a failing posts query is only logged: 'Error fetching user posts', an empty grid, 0 posts", async ({
  appPage: page
}) => {
  const errors = errorLines(page)
  await page.route(
    (url) => url.pathname === '/rest/v1/posts' && url.searchParams.has('user_id'),
    (route) => route.fulfill({ status: 500, json: { message: 'boom', code: 'XX000' } })
  )
  await page.goto(`${e2eEnv().webUrl}#/u/${star.username}`)
  await expect(ui.profileStats(page).getByRole('listitem')).toHaveText([
    '0 posts',
    '1 follower',
    '0 following'
  ])
  await expect(page.getByText('No Posts Yet', { exact: true })).toBeVisible()
  await expect(page.getByText(/Couldn't load/)).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect
    .poll(() => errors.some((line) => line.startsWith('Error fetching user posts')))
    .toBe(true)
})

test("a failing profile query is only logged: 'Error fetching user stats', counts of 0", async ({
  appPage: page
}) => {
  const errors = errorLines(page)
  await page.route(
    (url) => url.pathname === '/rest/v1/profiles' && url.searchParams.has('username'),
    (route) => route.fulfill({ status: 500, json: { message: 'boom', code: 'XX000' } })
  )
  await page.goto(`${e2eEnv().webUrl}#/u/${star.username}`)
  await expect(heading(page, star.username)).toBeVisible()
  await expect(ui.profileStats(page).getByRole('listitem')).toHaveText([
    '0 posts',
    '0 followers',
    '0 following'
  ])
  await expect(page.getByText('No Posts Yet', { exact: true })).toBeVisible()
  await expect(page.getByText(/Couldn't load/)).toHaveCount(0)
  await expect
    .poll(() =>
      ['Error fetching profile', 'Error fetching user stats'].map((start) =>
        errors.some((line) => line.startsWith(start))
      )
    )
    .toEqual([true, true])
})

test(`a user with ${PROLIFIC_POSTS} posts sees all ${PROLIFIC_POSTS} tiles after scrolling`, async ({
  appPage: page
}) => {
  await page.goto(`${e2eEnv().webUrl}#/u/${prolific.username}`)
  await expect(ui.profileStats(page).getByRole('listitem').first()).toHaveText(
    `${PROLIFIC_POSTS} posts`
  )
  const tiles = ui.profileGrid(page).getByRole('listitem')
  await expect(tiles.first()).toBeVisible()
  await expect
    .poll(
      async () => {
        await page.getByTestId('profile-grid-end').scrollIntoViewIfNeeded()
        return tiles.count()
      },
      { timeout: 20_000 }
    )
    .toBe(PROLIFIC_POSTS)
  await expect(tiles.first().getByRole('img', { name: `Frame ${PROLIFIC_POSTS}` })).toBeVisible()
  await expect(tiles.last().getByRole('img', { name: 'Frame 1', exact: true })).toBeAttached()
})
