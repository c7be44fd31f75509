// A visitor (signed out): the feed with its 8 stories, the 3 placeholders while the posts load,
// add-post asking to log in, and a like that is ignored without a request.

import { type Request } from '@playwright/test'
import {
  isFeedRead,
  isFeedUrl,
  isRestCall,
  likesLabel,
  openApp,
  settle,
  ui,
  waitForFeed
} from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('visitorfeed')
  await createPostAs(author, 'A quiet morning by the lake', 3)
})

// One visitor's page: the feed loading, then each action that asks to log in.
test('shows 8 stories and 3 placeholders while the posts load; add-post and a like ask to log in', async ({
  appPage: page
}) => {
  // Nothing a visitor does writes: no like, no request other than a read.
  const writes: Request[] = []
  page.on('request', (request) => {
    if (isRestCall(request.url(), 'likes') || request.method() !== 'GET') writes.push(request)
  })
  // Hold the feed's read until the placeholders have been seen.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => isFeedUrl(url),
    async (route) => {
      await released
      await route.continue()
    }
  )

  await openApp(page)
  await expect(ui.feedLoading(page)).toBeVisible()
  await expect(ui.skeletons(page)).toHaveCount(3)
  await expect(ui.stories(page)).toHaveCount(8)
  await expect(ui.posts(page)).toHaveCount(0)

  const feedRead = page.waitForResponse(isFeedRead)
  release()
  await feedRead
  await waitForFeed(page)
  await expect(ui.skeletons(page)).toHaveCount(0)
  const post = ui.post(page, author.username)
  await expect(post).toBeVisible()
  await expect(post.getByRole('img', { name: 'A quiet morning by the lake' })).toBeVisible()
  await expect(post.getByText(likesLabel(0), { exact: true })).toBeVisible()
  // Stories: a viewed one says so in its name.
  await expect(ui.stories(page).filter({ hasText: /./ })).toHaveCount(8)
  await expect(page.getByRole('listitem', { name: /'s story, viewed$/ }).first()).toBeVisible()
  await expect(ui.logIn(page)).toBeVisible()

  // Add-post opens the login modal.
  await ui.newPost(page).click()
  const dialog = ui.authDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Username or email', { exact: true })).toBeFocused()
  await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible()
  await expect(ui.createDialog(page)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // A like asks to log in: count unchanged and no request.
  const like = post.getByRole('button', { name: 'Like', exact: true })
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await like.click()
  await settle(page)
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  await expect(post.getByText(likesLabel(0), { exact: true })).toBeVisible()
  expect(writes.map((request) => `${request.method()} ${request.url()}`)).toEqual([])
  // As every action a visitor cannot take: the log-in modal.
  await expect(ui.authDialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(ui.authDialog(page)).toBeHidden()

  // The same in the post view (opened from the card's time): Like asks to log in.
  await post.locator('time').click()
  const view = page.getByRole('dialog', { name: `Post by ${author.username}` })
  await expect(view).toBeVisible()
  await view.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(ui.authDialog(page)).toBeVisible()
  expect(writes).toEqual([])
})
