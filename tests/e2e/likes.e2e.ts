// Liking and unliking: the count moves, the button says so, and both survive a reload.

import { expect, test } from '@playwright/test'
import { likesLabel, openSignedIn, reloadApp, ui, waitForFeed, waitForRest } from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'

let liker: TestUser
let author: TestUser

test.beforeAll(async () => {
  author = await createUser('likedauthor')
  liker = await createUser('liker')
  await createPostAs(author, 'Please like me', 7)
})

test('like and unlike change the count and survive a reload', async ({ page }) => {
  await openSignedIn(page, liker)
  const post = ui.post(page, author.username)
  const count = (n: number) => post.getByText(likesLabel(n), { exact: true })
  await expect(count(0)).toBeVisible()

  const liked = waitForRest(page, 'likes', 'POST')
  await post.getByRole('button', { name: 'Like', exact: true }).click()
  await liked
  const unlike = post.getByRole('button', { name: 'Unlike', exact: true })
  await expect(unlike).toHaveAttribute('aria-pressed', 'true')
  await expect(count(1)).toBeVisible()
  await expect(unlike).not.toHaveAttribute('aria-busy', 'true')

  await reloadApp(page)
  await waitForFeed(page)
  await expect(unlike).toHaveAttribute('aria-pressed', 'true')
  await expect(count(1)).toBeVisible()

  const unliked = waitForRest(page, 'likes', 'DELETE')
  await unlike.click()
  await unliked
  const like = post.getByRole('button', { name: 'Like', exact: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(count(0)).toBeVisible()
  await expect(like).not.toHaveAttribute('aria-busy', 'true')

  await reloadApp(page)
  await waitForFeed(page)
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(count(0)).toBeVisible()
})
