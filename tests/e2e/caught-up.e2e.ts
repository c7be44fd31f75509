// "You're all caught up" (docs/product.md, "Feed"): in the Following feed, right after the last
// post of the past 3 days the reader had not seen, then suggested posts from Explore and "Older
// posts" over the ones already seen. Cards the reader scrolls past are noted as seen, in one
// batched request, so the next visit puts the marker first. Axe-clean in light and dark.

import { openSignedIn, ui } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createPostAs, createUser, follow, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

// Four posts, a stranger's liked post and a follow take a while on a loaded machine.
test.setTimeout(180_000)

let reader: TestUser
const captions = ['Caught up 1', 'Caught up 2', 'Caught up 3', 'Caught up 4']

test.beforeAll(async () => {
  reader = await createUser('caughtupreader')
  const friend = await createUser('caughtupfriend')
  await follow(reader, friend)
  const stranger = await createUser('caughtupstranger')
  await likeAs(friend, await createPostAs(stranger, 'Caught up suggestion', 41))
  const posts = []
  for (const [i, caption] of captions.entries())
    posts.push(await createPostAs(friend, caption, 30 + i))
  // The reader saw the two oldest before (newest first: 4 and 3 are new, 2 and 1 seen).
  const { error } = await reader.client.rpc('mark_posts_seen', {
    post_ids: [posts[0].id, posts[1].id]
  })
  if (error) throw new Error(error.message)
})

test('the marker follows the last unseen post; the posts scrolled past count as seen', async ({
  page
}, testInfo) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  const seenCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rpc/mark_posts_seen')) seenCalls.push(request.postData() ?? '')
  })
  await openSignedIn(page, reader)
  await ui.header(page).getByRole('button', { name: 'Home' }).click()
  await page.getByRole('tab', { name: 'Following' }).click()
  await expect(page).toHaveURL(/#\/following$/)
  const article = (caption: string) =>
    page.getByRole('article').filter({ has: page.getByText(caption, { exact: true }) })
  await expect(article('Caught up 4')).toBeVisible()

  const marker = page.getByRole('heading', { name: "You're all caught up" })
  await marker.scrollIntoViewIfNeeded()
  await expect(page.getByText("You've seen all new posts from the past 3 days.")).toBeVisible()
  // Right after "Caught up 3", the last unseen post, and before the seen ones.
  const below = (upper: { boundingBox(): Promise<{ y: number } | null> }, lower: typeof marker) =>
    Promise.all([upper.boundingBox(), lower.boundingBox()]).then(([a, b]) => a!.y < b!.y)
  expect(await below(article('Caught up 3'), marker)).toBe(true)
  const suggested = page.getByRole('list', { name: 'Suggested posts' })
  await expect(suggested.getByRole('img', { name: 'Caught up suggestion' })).toBeVisible()
  const older = page.getByRole('heading', { name: 'Older posts' })
  await older.scrollIntoViewIfNeeded()
  await expect(article('Caught up 2')).toBeAttached()
  expect(await below(older, article('Caught up 2'))).toBe(true)
  await checkA11yBothThemes(page, 'caught up', testInfo)

  // Scrolled past for more than a second each: noted seen, in batches (not one call per card).
  await article('Caught up 1').scrollIntoViewIfNeeded()
  await expect
    .poll(
      async () => (await reader.client.from('seen_posts').select('post_id')).data?.length ?? 0,
      { timeout: 30_000 }
    )
    .toBe(4)
  expect(seenCalls.length).toBeLessThan(4)

  // All seen now: the next visit says so first.
  await page.reload()
  await page.getByRole('tab', { name: 'Following' }).click()
  const first = page.getByRole('article').first()
  await expect(marker).toBeVisible()
  expect(await below(marker, first)).toBe(true)
})
