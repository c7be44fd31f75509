// The own profile: counts of posts, followers and following, the grid (newest first), and the
// likes and comments shown over a thumbnail on hover.

import { PROFILE_GRID_COLUMNS } from '../../src/shared/limits'
import { openProfile, openSignedIn, ui } from './support/app'
import { createPostAs, createUser, follow, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let owner: TestUser

test.beforeAll(async () => {
  owner = await createUser('profileowner')
  const [fanA, fanB, idol] = await Promise.all([
    createUser('fana'),
    createUser('fanb'),
    createUser('idol')
  ])
  await createPostAs(owner, 'First light', 21)
  const newest = await createPostAs(owner, 'Golden hour', 22)
  await follow(fanA, owner)
  await follow(fanB, owner)
  await follow(owner, idol)
  await likeAs(fanA, newest)
  await likeAs(fanB, newest)
})

test('shows the counts, the grid and likes/comments on hover', async ({ appPage: page }) => {
  await openSignedIn(page, owner)
  await openProfile(page)
  await expect(page.getByRole('heading', { level: 1, name: owner.username })).toBeVisible()
  await expect(page.getByText(owner.fullName, { exact: true })).toBeVisible()
  await expect(ui.profileStats(page).getByRole('listitem')).toHaveText([
    '2 posts',
    '2 followers',
    '1 following'
  ])

  const tiles = ui.profileGrid(page).getByRole('listitem')
  await expect(tiles).toHaveCount(2)
  await expect(tiles.nth(0).getByRole('img', { name: 'Golden hour' })).toBeVisible()
  await expect(tiles.nth(1).getByRole('img', { name: 'First light' })).toBeVisible()
  // The stylesheet takes its column count from limits.ts through a custom property: the
  // computed value lists one track width per column ("293px 293px 293px").
  const trackList = new RegExp(`^\\S+( \\S+){${PROFILE_GRID_COLUMNS - 1}}$`)
  await expect(ui.profileGrid(page)).toHaveCSS('grid-template-columns', trackList)

  const likes = tiles.nth(0).getByLabel('2 likes', { exact: true })
  const comments = tiles.nth(0).getByLabel('0 comments', { exact: true })
  await expect(likes).toHaveText('2')
  await expect(comments).toHaveText('0')
  const overlay = likes.locator('..')
  await expect(overlay).toHaveCSS('opacity', '0')
  await tiles.nth(0).hover()
  await expect(overlay).toHaveCSS('opacity', '1')
  await expect(tiles.nth(1).getByLabel('0 likes', { exact: true })).toHaveText('0')

  // Back to the feed.
  await ui.profileBack(page).click()
  await expect(ui.profileStats(page)).toHaveCount(0)
  await expect(ui.post(page, owner.username).first()).toBeVisible()
})
