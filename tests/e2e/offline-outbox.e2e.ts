// Actions made while the backend cannot be reached: a comment, a like and a new post are shown
// at once and marked pending, stay pending across a reload, and reach the server exactly once,
// in the order they were made, when the connection returns. A new post retried after a lost
// answer (the request reached the server, the answer never reached the page) is stored once, its
// photos too; for a comment, the resend under the same id is outboxStore.test.ts's and the one
// row tests/integration/posts/idempotent-writes.test.ts's.

import { type Locator, type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import { chooseFile, openCreatePost, openSignedIn, reloadApp, ui, waitForFeed } from './support/app'
import { createPostAs, createUser, e2eEnv, nodeClient, type TestUser } from './support/backend'
import { indexedDbText } from '../support/chromium/offline-cache'
import { SESSION_STORAGE_KEY } from '../../src/shared/data/account-storage'
import { expect, test } from './support/test'

const PENDING_POST = "Will post when you're online"

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('offlineauthor')
})

/** The backend's own view, as the service role (no row-level security in the way). */
const admin = () => nodeClient(e2eEnv().serviceKey)

/** Every request to the backend fails as if the network were down. */
async function cutBackend(page: Page): Promise<void> {
  const origin = new URL(e2eEnv().apiUrl).origin
  await page.route(`${origin}/**`, (route) => route.abort('internetdisconnected'))
}

/** The session supabase-js keeps in the browser build's localStorage: its two tokens. */
async function sessionTokens(page: Page): Promise<string[]> {
  // Each signed-in account keeps its session under `account:<user id>:instaframe-auth`.
  const stored = await page.evaluate((sessionKey) => {
    const storage = (
      globalThis as unknown as {
        localStorage: Record<string, string> & { getItem(key: string): string | null }
      }
    ).localStorage
    return Object.keys(storage)
      .filter((key) => key.endsWith(`:${sessionKey}`))
      .map((key) => storage.getItem(key) ?? '')
  }, SESSION_STORAGE_KEY)
  return stored.flatMap((text) => {
    const session = JSON.parse(text) as { access_token: string; refresh_token: string }
    return [session.access_token, session.refresh_token]
  })
}

/** The connection returns: the backend answers again and the browser says it is online. */
async function reconnect(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.context().setOffline(true)
  await page.context().setOffline(false)
}

/** The open post's comment box (each feed card has its own "Add a comment…" too). */
const postCommentBox = (page: Page): Locator =>
  page.getByTestId('modal-backdrop').getByRole('textbox', { name: 'Add a comment' })

async function openPostOf(page: Page, username: string): Promise<void> {
  await ui.post(page, username).getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(postCommentBox(page)).toBeVisible()
}

test('a comment, a like and a post made offline stay pending across a reload and are sent once, in order', async ({
  appPage: page
}) => {
  const target = await createPostAs(author, 'Comment on me while offline', 3)
  const user = await createUser('offliner')
  await openSignedIn(page, user)

  // The post view is open when the connection drops.
  await openPostOf(page, author.username)
  await cutBackend(page)
  await postCommentBox(page).fill('Sent from a train')
  await page.getByRole('button', { name: 'Post', exact: true }).click()
  const comment = page.getByRole('article', { name: `Comment by ${user.username}` })
  await expect(comment.getByRole('img', { name: 'Pending' })).toBeVisible()
  await page.keyboard.press('Escape')

  const card = ui.post(page, author.username)
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()

  await openCreatePost(page)
  await chooseFile(page, photoPng(21))
  await ui.caption(page).fill('Posted in a tunnel')
  await ui.share(page).click()
  await expect(ui.createDialog(page)).toBeHidden()
  const queuedPost = ui.posts(page).first()
  await expect(queuedPost).toHaveAccessibleName(`Post by ${user.username}`)
  await expect(queuedPost.getByText(PENDING_POST)).toBeVisible()

  // Reload with the backend still unreachable: the saved feed shows, with the queued items.
  await reloadApp(page)
  await expect(page.getByText("You're offline — showing saved posts")).toBeVisible()
  await waitForFeed(page)
  await expect(ui.posts(page).first().getByText(PENDING_POST)).toBeVisible()
  await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
  await openPostOf(page, author.username)
  await expect(comment.getByRole('img', { name: 'Pending' })).toBeVisible()
  await expect(comment).toContainText('Sent from a train')
  await page.keyboard.press('Escape')

  // The saved answers and the queue hold what was seen and done, never the session's tokens.
  const tokens = await sessionTokens(page)
  expect(tokens).toHaveLength(2)
  const expected = {
    'instaframe-cache': 'Comment on me while offline',
    'instaframe-outbox': 'Sent from a train'
  }
  for (const [database, seen] of Object.entries(expected)) {
    const saved = await indexedDbText(page, database)
    expect(saved, database).toContain(seen)
    for (const token of tokens) {
      expect(saved.includes(token), `${database} holds a token`).toBe(false)
    }
  }

  const db = admin()
  const rowsBefore = await db.from('comments').select('id').eq('user_id', user.id)
  expect(rowsBefore.data).toEqual([])

  await reconnect(page)
  await expect(page.getByText(PENDING_POST)).toHaveCount(0, { timeout: 20_000 })
  await expect(ui.posts(page).filter({ hasText: 'Posted in a tunnel' })).toHaveCount(1)

  const [comments, likes, posts] = await Promise.all([
    db.from('comments').select('body, created_at').eq('user_id', user.id),
    db.from('likes').select('post_id, created_at').eq('user_id', user.id),
    db.from('posts').select('caption, created_at').eq('user_id', user.id)
  ])
  expect(comments.data?.map((row) => row.body)).toEqual(['Sent from a train'])
  expect(likes.data?.map((row) => row.post_id)).toEqual([target.id])
  expect(posts.data?.map((row) => row.caption)).toEqual(['Posted in a tunnel'])
  const order = [comments.data![0], likes.data![0], posts.data![0]].map((row) =>
    Date.parse(row.created_at)
  )
  expect(order).toEqual([...order].sort((a, b) => a - b))

  await openPostOf(page, author.username)
  await expect(comment).toHaveCount(1)
  await expect(comment.getByRole('img', { name: 'Pending' })).toHaveCount(0)
})

test('a new post whose answer was lost is retried and stored once, with its photos once', async ({
  appPage: page
}) => {
  const user = await createUser('lostpost')
  await openSignedIn(page, user)

  // create_post reaches the server and the post exists; the page never hears back.
  let lost = 0
  await page.route('**/rest/v1/rpc/create_post*', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.continue()
    lost++
    await route.fetch()
    await route.abort('connectionreset')
  })
  await openCreatePost(page)
  await chooseFile(page, photoPng(41))
  await ui.caption(page).fill('Shared on a flaky network')
  await ui.share(page).click()
  await expect(ui.createDialog(page)).toBeHidden()
  const shared = ui.posts(page).filter({ hasText: 'Shared on a flaky network' })
  await expect(shared).toHaveCount(1)
  await expect(shared.getByText(PENDING_POST)).toHaveCount(0, { timeout: 20_000 })
  expect(lost).toBe(1)

  const db = admin()
  const { data: posts } = await db.from('posts').select('id, caption').eq('user_id', user.id)
  expect(posts?.map((row) => row.caption)).toEqual(['Shared on a flaky network'])
  const { data: objects } = await db.storage.from('images').list(`posts/${user.id}`)
  // The photo and its thumbnail, each stored once under the post's id.
  expect(objects?.map((object) => object.name).sort()).toEqual([
    `${posts![0].id}-0-thumb.webp`,
    `${posts![0].id}-0.webp`
  ])
  await reloadApp(page)
  await waitForFeed(page)
  await expect(ui.posts(page).filter({ hasText: 'Shared on a flaky network' })).toHaveCount(1)
})
