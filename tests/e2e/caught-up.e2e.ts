// "You're all caught up" (docs/product.md, "Feed"): in the Following feed, right after the last
// post of the past 3 days the reader had not seen, then suggested posts from Explore and "Older
// posts" over the ones already seen. Cards the reader has in view are noted as seen (batched:
// seenPostsStore.test.ts), so the next visit puts the marker first. Axe-clean in light and dark.

import { openSignedIn, ui } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createPostAs, createUser, follow, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

// Four posts, a stranger's liked post and a follow take a while on a loaded machine.
test.setTimeout(180_000)

let reader: TestUser
let ids: string[] = []
const captions = ['Caught up 1', 'Caught up 2', 'Caught up 3', 'Caught up 4']
const EXTRA_LIKERS = ['caughtupliker1', 'caughtupliker2', 'caughtupliker3', 'caughtupliker4']

test.beforeAll(async () => {
  reader = await createUser('caughtupreader')
  const friend = await createUser('caughtupfriend')
  await follow(reader, friend)
  const stranger = await createUser('caughtupstranger')
  const suggestion = await createPostAs(stranger, 'Caught up suggestion', 41)
  // Explore ranks by likes and comments over age, and shows its first 12: beside the other
  // worker's specs, whose posts gather likes and comments too, one like would not make the cut.
  const likers = [friend, ...(await Promise.all(EXTRA_LIKERS.map((stem) => createUser(stem))))]
  await Promise.all(likers.map((liker) => likeAs(liker, suggestion)))
  const posts = []
  for (const [i, caption] of captions.entries())
    posts.push(await createPostAs(friend, caption, 30 + i))
  ids = posts.map((post) => post.id)
  // The reader saw the two oldest before (newest first: 4 and 3 are new, 2 and 1 seen).
  const { error } = await reader.client.rpc('mark_posts_seen', {
    post_ids: [posts[0].id, posts[1].id]
  })
  if (error) throw new Error(error.message)
})

test('the marker follows the last unseen post; cards in view count as seen', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  await openSignedIn(page, reader)
  await ui.header(page).getByRole('button', { name: 'Home' }).click()
  await page.getByRole('tab', { name: 'Following' }).click()
  await expect(page).toHaveURL(/#\/following$/)
  const article = (caption: string) =>
    page.getByRole('article').filter({ has: page.getByText(caption, { exact: true }) })
  await expect(article('Caught up 4')).toBeVisible()
  const seenIds = async (): Promise<string[]> =>
    ((await reader.client.from('seen_posts').select('post_id')).data ?? []).map(
      (row: { post_id: string }) => row.post_id
    )
  // Each card in view for a second is noted, and sent with the next batch.
  await expect.poll(seenIds, { timeout: 30_000 }).toContain(ids[3])
  await article('Caught up 3').scrollIntoViewIfNeeded()
  await expect.poll(seenIds, { timeout: 30_000 }).toContain(ids[2])

  const marker = page.getByRole('heading', { name: "You're all caught up" })
  await marker.scrollIntoViewIfNeeded()
  await expect(page.getByText("You've seen all new posts from the past 3 days.")).toBeVisible()
  // Right after "Caught up 3", the last unseen post, and before the seen ones.
  const below = (upper: { boundingBox(): Promise<{ y: number } | null> }, lower: typeof marker) =>
    Promise.all([upper.boundingBox(), lower.boundingBox()]).then(
      ([a, b]) => !!a && !!b && a.y < b.y
    )
  expect(await below(article('Caught up 3'), marker)).toBe(true)
  const suggested = page.getByRole('list', { name: 'Suggested posts' })
  await expect(suggested.getByRole('img', { name: 'Caught up suggestion' })).toBeVisible()
  const older = page.getByRole('heading', { name: 'Older posts' })
  await older.scrollIntoViewIfNeeded()
  await expect(article('Caught up 2')).toBeAttached()
  expect(await below(older, article('Caught up 2'))).toBe(true)
  await checkA11yBothThemes(page, 'caught up', testInfo)

  // All seen now: the next visit says so first.
  await page.reload()
  await page.getByRole('tab', { name: 'Following' }).click()
  const first = page.getByRole('article').first()
  // (A saved copy may show first; the backend's answer, all seen, moves the marker up.)
  await expect.poll(() => below(marker, first), { timeout: 30_000 }).toBe(true)
})
