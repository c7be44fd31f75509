// One copy of each post in the renderer: a like made in the post view is the card's and the
// grid tile's at once, with nothing read again; a live count cannot overwrite a like still on
// its way; and a deleted post leaves every list that showed it, a tag page included. One copy of
// each person too: a new username and avatar show at once on their card.

import { type Page } from '@playwright/test'
import { addComment } from '../../src/shared/data/comments'
import { setPostLike } from '../../src/shared/data/likes'
import { photoPng } from './fixtures/images'
import { choosePostOption, likesLabel, openProfile, openSignedIn, settle, ui } from './support/app'
import { createPostAs, createUser, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

const postView = (page: Page, username: string) =>
  page.getByRole('dialog', { name: `Post by ${username}` })

const isLikeCall = (url: URL): boolean => url.pathname === '/rest/v1/rpc/set_post_like'

let author: TestUser

test.beforeAll(async () => {
  author = await createUser('onecopy')
})

test('a like in the post view shows on the card behind it and on the grid tile at once', async ({
  appPage: page
}) => {
  const reader = await createUser('onereader')
  await createPostAs(author, 'One copy of me', 11)
  await openSignedIn(page, reader)
  const card = ui.post(page, author.username).first()
  await expect(card.getByText(likesLabel(0), { exact: true })).toBeVisible()

  // Open the author's profile, and the post from its grid.
  await card.getByRole('link', { name: author.username, exact: true }).click()
  const tile = ui.profileGrid(page).getByRole('listitem').first()
  await expect(tile.getByLabel('0 likes', { exact: true })).toBeAttached()
  await tile.getByRole('button').click()
  const view = postView(page, author.username)
  await expect(view).toBeVisible()

  // From here on nothing about posts is read again: what changes is the one copy.
  const reads: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === 'GET' && /\/rest\/v1\/(posts|rpc\/feed_page)/.test(path)) {
      reads.push(path)
    }
  })
  await view.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(view.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
  await expect(view.getByText(likesLabel(1), { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(view).toBeHidden()
  await expect(tile.getByLabel('1 like', { exact: true })).toBeAttached()

  await ui.profileBack(page).click()
  const cardAgain = ui.post(page, author.username).first()
  await expect(cardAgain.getByRole('button', { name: 'Unlike', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true'
  )
  await expect(cardAgain.getByText(likesLabel(1), { exact: true })).toBeVisible()
  expect(reads).toEqual([])
})

test('a live count never overwrites a like still on its way', async ({ appPage: page }) => {
  const reader = await createUser('inflight')
  const other = await createUser('otherliker')
  const post = await createPostAs(author, 'Liked in flight', 12)
  await likeAs(other, post)
  await openSignedIn(page, reader)
  const card = ui.post(page, author.username).first()
  await expect(card.getByText(likesLabel(1), { exact: true })).toBeVisible()

  // The reader's like is held on its way to the server.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(isLikeCall, async (route) => {
    await released
    await route.continue()
  })
  await card.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(card.getByText(likesLabel(2), { exact: true })).toBeVisible()

  // Meanwhile the other person unlikes (a live count of 0), then comments: once the comment
  // shows, the count event before it has been applied too.
  await setPostLike(other.client, post.id, false)
  await addComment(other.client, { postId: post.id, userId: other.id, body: 'ping from afar' })
  await expect(card.getByText('ping from afar')).toBeVisible()
  await expect(card.getByText(likesLabel(2), { exact: true })).toBeVisible()

  // The like's own answer settles the count: the reader's like alone.
  release()
  await expect(card.getByText(likesLabel(1), { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
})

test('a deleted post leaves every list: the tag page, the feed and the profile', async ({
  appPage: page
}) => {
  const tag = `gone${Date.now().toString(36)}`
  await createPostAs(author, `Soon gone #${tag}`, 13)
  await openSignedIn(page, author)
  const card = ui.post(page, author.username).first()
  await card.getByRole('link', { name: `#${tag}` }).click()
  const grid = page.getByRole('list', { name: `Recent posts of #${tag}`, exact: true })
  await expect(grid.getByRole('listitem')).toHaveCount(1)

  await grid.getByRole('button').click()
  const view = postView(page, author.username)
  await choosePostOption(page, view, 'Delete')
  const confirm = page.getByRole('dialog', { name: 'Delete post?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(view).toBeHidden()

  // The tag page empties at once, and so do the lists behind it.
  await expect(grid).toHaveCount(0)
  await expect(page.getByRole('list', { name: `Top posts of #${tag}`, exact: true })).toHaveCount(0)
  await expect(page.getByText(`No post carries #${tag} yet.`)).toBeVisible()
  await page.getByRole('main').getByRole('button', { name: 'Back', exact: true }).click()
  await settle(page)
  await expect(page.getByRole('article').filter({ hasText: `Soon gone #${tag}` })).toHaveCount(0)
})

test('a new username and avatar from Edit profile show at once on their card, with no post read again', async ({
  appPage: page
}) => {
  const person = await createUser('personcopy')
  await createPostAs(person, 'Me, before the change', 23)
  await openSignedIn(page, person)
  await expect(ui.post(page, person.username)).toBeVisible()

  await openProfile(page)
  await page.getByRole('button', { name: 'Edit profile', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit profile' })
  const renamed = `${person.username}_new`.slice(0, 30)
  await dialog.getByLabel('Username', { exact: true }).fill(renamed)
  await dialog.getByLabel('Choose a profile photo').setInputFiles(photoPng(45, 640))
  await expect(dialog.getByRole('img', { name: 'New profile picture' })).toBeVisible()
  // From the save on, no post is read again: the card follows the one copy of the person. (The
  // profile page itself is read again under its new address.)
  const reads: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (request.method() === 'GET' && /\/rest\/v1\/(posts|rpc\/feed_page)/.test(path)) {
      reads.push(path)
    }
  })
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog).toBeHidden()

  const avatarPath = new RegExp(`/storage/v1/object/public/images/avatars/${person.id}/`)
  await page.getByRole('button', { name: 'Home', exact: true }).click()
  const card = ui.post(page, renamed)
  await expect(card).toBeVisible()
  await expect(card.locator('header img')).toHaveAttribute('src', avatarPath)
  await expect(ui.post(page, person.username)).toHaveCount(0)
  expect(reads).toEqual([])
})
