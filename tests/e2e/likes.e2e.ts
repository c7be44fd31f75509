// Liking and unliking: the count moves, the button says so, and both survive a reload.

import {
  likesLabel,
  openSignedIn,
  reloadApp,
  settle,
  ui,
  waitForFeed,
  waitForRest
} from './support/app'
import { recordBackendRequests, watchBackendTraffic } from './support/traffic'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let liker: TestUser
let author: TestUser

test.beforeAll(async () => {
  author = await createUser('likedauthor')
  liker = await createUser('liker')
  await createPostAs(author, 'Please like me', 7)
})

test('like and unlike change the count and survive a reload', async ({ appPage: page }) => {
  // The feed's background reads (suggested posts, who liked them) finish before each recording.
  const traffic = watchBackendTraffic(page)
  await openSignedIn(page, liker)
  const post = ui.post(page, author.username)
  const count = (n: number) => post.getByText(likesLabel(n), { exact: true })
  await expect(count(0)).toBeVisible()
  await traffic.quiet()

  const recording = recordBackendRequests(page)
  const liked = waitForRest(page, 'rpc/set_post_like', 'POST')
  await post.getByRole('button', { name: 'Like', exact: true }).click()
  await liked
  const unlike = post.getByRole('button', { name: 'Unlike', exact: true })
  await expect(unlike).toHaveAttribute('aria-pressed', 'true')
  await expect(count(1)).toBeVisible()
  await expect(unlike).not.toHaveAttribute('aria-busy', 'true')
  await settle(page)
  // A like is one request, which answers with the new count.
  expect(recording.stop()).toEqual(['POST /rest/v1/rpc/set_post_like'])

  await reloadApp(page)
  await waitForFeed(page)
  await expect(unlike).toHaveAttribute('aria-pressed', 'true')
  await expect(count(1)).toBeVisible()
  await traffic.quiet()

  const unlikeRecording = recordBackendRequests(page)
  const unliked = waitForRest(page, 'rpc/set_post_like', 'POST')
  await unlike.click()
  await unliked
  const like = post.getByRole('button', { name: 'Like', exact: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(count(0)).toBeVisible()
  await expect(like).not.toHaveAttribute('aria-busy', 'true')
  await settle(page)
  expect(unlikeRecording.stop()).toEqual(['POST /rest/v1/rpc/set_post_like'])

  await reloadApp(page)
  await waitForFeed(page)
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(count(0)).toBeVisible()
  traffic.stop()
})
