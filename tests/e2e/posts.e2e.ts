// Posts in full, in the browser build against the local backend: the post view with comments
// and replies, deleting comments, saving, copying a link, editing and deleting a post.

import { type Page } from '@playwright/test'
import { createPost } from '../../src/shared/data/post-create'
import type { Post } from '../../src/shared/domain'
import { photoPng } from './fixtures/images'
import { checkA11y } from './support/axe'
import { e2eEnv, createUser, nodeClient, type TestUser } from './support/backend'
import {
  choosePostOption,
  openApp,
  openCreatePost,
  openProfile,
  openSignedIn,
  ui,
  waitForFeed
} from './support/app'
import { expect, test } from './support/test'

// Every test makes its own people and posts: both workers may share this long file.
test.describe.configure({ mode: 'parallel' })

async function carouselAs(user: TestUser, caption: string, photos: number): Promise<Post> {
  return createPost(user.client, {
    userId: user.id,
    caption,
    photos: Array.from({ length: photos }, (_, i) => {
      const image = photoPng(i + 3)
      return {
        bytes: new Uint8Array(image.buffer),
        declaredType: image.mimeType,
        altText: `alt ${i + 1}`
      }
    })
  })
}

const postView = (page: Page, username: string) =>
  page.getByRole('dialog', { name: `Post by ${username}` })

async function openFromCard(page: Page, username: string): Promise<void> {
  await ui.post(page, username).getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(postView(page, username).getByRole('region', { name: 'Comments' })).toBeVisible()
}

/** Objects still stored under a user's folder, counted as the service role sees them. */
async function storedObjects(user: TestUser): Promise<string[]> {
  const { data, error } = await nodeClient(e2eEnv().serviceKey)
    .storage.from('images')
    .list(`posts/${user.id}`, { limit: 1000 })
  if (error) throw new Error(`list failed: ${error.message}`)
  return (data ?? []).map((object) => object.name)
}

test('comment, reply, delete own comment; the author deletes another’s; counts follow', async ({
  appPage: page,
  browser
}) => {
  const author = await createUser('cauthor')
  const fan = await createUser('cfan')
  await carouselAs(author, 'Comment on me', 1)

  await openSignedIn(page, fan)
  await openFromCard(page, author.username)
  const view = postView(page, author.username)
  const box = view.getByRole('textbox', { name: 'Add a comment' })

  await box.fill('   ')
  await expect(view.getByRole('button', { name: 'Post', exact: true })).toBeDisabled()
  await box.fill('x'.repeat(2201))
  await box.press('Enter')
  await expect(view.getByRole('alert')).toHaveText(/A comment can be at most 2,200 characters/)

  await box.fill('First!')
  await box.press('Shift+Enter')
  await box.pressSequentially('second line')
  await box.press('Enter')
  const mine = view.getByRole('article', { name: `Comment by ${fan.username}` })
  await expect(mine).toContainText('First!\nsecond line')
  await expect(box).toHaveValue('')

  // A reply to one's own comment names nobody; it nests under the comment, its thread open.
  await mine.getByRole('button', { name: `Reply to ${fan.username}` }).click()
  const reply = view.getByRole('textbox', { name: 'Write a reply' })
  await expect(reply).toHaveValue('')
  await reply.pressSequentially('and a reply')
  await reply.press('Enter')
  const replies = view.getByRole('list', { name: `Replies to ${fan.username}` })
  await expect(replies.getByRole('article')).toHaveCount(1)
  await expect(replies).toContainText('and a reply')
  await expect(view.getByRole('button', { name: 'Hide replies' })).toBeVisible()

  await box.fill('Delete me')
  await box.press('Enter')
  await expect(view.getByRole('article', { name: `Comment by ${fan.username}` })).toHaveCount(3)
  await view
    .getByRole('article', { name: `Comment by ${fan.username}` })
    .filter({ hasText: 'Delete me' })
    .getByRole('button', { name: `Delete comment by ${fan.username}` })
    .click()
  await expect(view.getByText('Delete me')).toHaveCount(0)
  await page.keyboard.press('Escape')
  const card = ui.post(page, author.username)
  await expect(card.getByRole('button', { name: 'View all 2 comments' })).toBeVisible()
  // The card shows the latest threads; a reply stays under its comment in the post view.
  const latest = card.getByRole('list', { name: 'Latest comments' })
  await expect(latest).toContainText('First!')
  await expect(latest).not.toContainText('and a reply')

  // The author sees both comments and deletes the fan's thread (with its reply).
  const authorPage = await browser.newPage()
  await openSignedIn(authorPage, author)
  await openFromCard(authorPage, author.username)
  const authorView = postView(authorPage, author.username)
  await authorView
    .getByRole('button', { name: `Delete comment by ${fan.username}` })
    .first()
    .click()
  await expect(authorView.getByRole('article', { name: /Comment by/ })).toHaveCount(0)
  await authorPage.keyboard.press('Escape')
  await expect(
    ui.post(authorPage, author.username).getByRole('button', { name: /View/ })
  ).toHaveCount(0)
  await openProfile(authorPage)
  await expect(ui.profileGrid(authorPage).getByLabel('0 comments')).toBeVisible()
  await authorPage.close()
})

test('save a post, find it in the Saved tab, unsave it there', async ({ appPage: page }) => {
  const author = await createUser('sauthor')
  const saver = await createUser('saver')
  await carouselAs(author, 'Save me', 1)
  await openSignedIn(page, saver)
  await ui.post(page, author.username).getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    ui.post(page, author.username).getByRole('button', { name: 'Remove from saved' })
  ).toHaveAttribute('aria-pressed', 'true')

  await openProfile(page)
  await page.getByRole('tab', { name: 'Saved' }).click()
  const saved = page.getByRole('list', { name: 'Saved posts' })
  await expect(saved.getByRole('button')).toHaveCount(1)
  await saved.getByRole('button').click()
  const view = postView(page, author.username)
  await view.getByRole('button', { name: 'Remove from saved' }).click()
  await expect(view.getByRole('button', { name: 'Save', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { name: 'Save', exact: true })).toBeVisible()
})

test('copy link (in the share sheet) puts a link on the clipboard that opens the post', async ({
  page,
  context
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const author = await createUser('lauthor')
  const post = await carouselAs(author, 'Link to me', 1)
  await openSignedIn(page, author)
  // A signed-in reader's paper-plane opens the share sheet, which keeps Copy link.
  await ui.post(page, author.username).getByRole('button', { name: 'Share' }).click()
  await page
    .getByRole('dialog', { name: 'Share' })
    .getByRole('button', { name: 'Copy link' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = await page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText()
  )
  expect(link).toContain(`#/p/${post.id}`)

  const other = await context.newPage()
  await other.goto(link)
  await expect(postView(other, author.username)).toBeVisible()
  await expect(postView(other, author.username)).toContainText('Link to me')
})

test('the author edits caption and alt text; "Edited" shows', async ({ appPage: page }) => {
  const author = await createUser('eauthor')
  await carouselAs(author, 'Before #old', 2)
  await openSignedIn(page, author)
  await openFromCard(page, author.username)
  const view = postView(page, author.username)
  await choosePostOption(page, view, 'Edit')
  const form = view.getByRole('form', { name: 'Edit post' })
  await form.getByLabel('Caption').fill('After #sunset')
  await form.getByLabel('Alt text, photo 1').fill('A red square')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(view.getByText('Edited')).toBeVisible()
  await expect(view.getByRole('link', { name: '#sunset' })).toBeVisible()
  await expect(view.getByRole('img', { name: 'A red square' })).toBeVisible()
  await page.keyboard.press('Escape')
  const card = ui.post(page, author.username)
  await expect(card).toContainText('After #sunset')
  await expect(card.getByRole('img', { name: 'A red square' })).toBeVisible()

  // The tag link opens the tag's page with this post in it.
  await card.getByRole('link', { name: '#sunset' }).click()
  await expect(page.getByRole('heading', { name: '#sunset' })).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Recent posts of #sunset', exact: true }).getByRole('button')
  ).not.toHaveCount(0)
})

test('deleting a post removes it from feed, profile and storage', async ({ appPage: page }) => {
  const author = await createUser('dauthor')
  await carouselAs(author, 'Delete me soon', 3)
  expect(await storedObjects(author)).toHaveLength(3)
  await openSignedIn(page, author)
  await openFromCard(page, author.username)
  const view = postView(page, author.username)
  await choosePostOption(page, view, 'Delete')
  const confirm = page.getByRole('dialog', { name: 'Delete post?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(view).toBeHidden()
  await expect(ui.post(page, author.username)).toHaveCount(0)
  await openProfile(page)
  await expect(page.getByRole('heading', { name: 'No Posts Yet' })).toBeVisible()
  await expect.poll(() => storedObjects(author)).toEqual([])
})

test('the feed with a carousel is axe clean; arrows browse the photos', async ({
  appPage: page
}, testInfo) => {
  const author = await createUser('aauthor')
  await carouselAs(author, 'Three photos', 3)
  await openSignedIn(page, author)
  await waitForFeed(page)
  const card = ui.post(page, author.username)
  const photos = card.getByRole('group', { name: 'Photos, 1 of 3' })
  await expect(photos.getByRole('img', { name: 'alt 1' })).toBeVisible()
  await photos.getByRole('button', { name: 'Next photo' }).click()
  await expect(card.getByRole('img', { name: 'alt 2' })).toBeVisible()
  await card.getByRole('group', { name: 'Photos, 2 of 3' }).press('ArrowRight')
  await expect(card.getByRole('img', { name: 'alt 3' })).toBeVisible()
  await checkA11y(page, 'feed-with-carousel', testInfo)

  // The post view gets axe in people-tags.e2e.ts, light and dark.
  await openFromCard(page, author.username)
  await page.keyboard.press('Escape')
  await openProfile(page)
  await expect(ui.profileGrid(page).getByRole('img', { name: '3 photos' })).toBeVisible()
})

/** Drops several files at once on `target`, as a file manager does. */
async function dropFiles(
  page: Page,
  target: ReturnType<Page['getByTestId']>,
  files: { name: string; mimeType: string; buffer: Buffer }[]
): Promise<void> {
  const payload = files.map((file) => ({
    name: file.name,
    mimeType: file.mimeType,
    base64: file.buffer.toString('base64')
  }))
  const dataTransfer = await page.evaluateHandle((items) => {
    const web = globalThis as unknown as {
      atob(data: string): string
      DataTransfer: new () => { items: { add(file: unknown): void } }
      File: new (parts: Uint8Array[], name: string, options: { type: string }) => unknown
    }
    const transfer = new web.DataTransfer()
    for (const item of items) {
      const bytes = Uint8Array.from(web.atob(item.base64), (char) => char.charCodeAt(0))
      transfer.items.add(new web.File([bytes], item.name, { type: item.mimeType }))
    }
    return transfer
  }, payload)
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  await target.dispatchEvent('drop', { dataTransfer })
  await dataTransfer.dispose()
}

test('a 3-photo carousel posted by drop is browsed with arrows and marked in the grid', async ({
  appPage: page
}) => {
  const author = await createUser('dropper')
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  const photos = [1, 2, 3].map((seed) => ({ ...photoPng(seed * 50), name: `photo-${seed}.png` }))
  await dropFiles(page, ui.dropZone(page), photos)
  await expect(dialog.getByRole('img', { name: 'Preview of photo 1 of 3' })).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Alt text, photo 1' }).fill('the first')
  await dialog.getByRole('button', { name: 'Photo 3 of 3' }).click()
  await dialog.getByRole('textbox', { name: 'Alt text, photo 3' }).fill('the third')
  // Drag the third photo onto the first: it leads the post now.
  const strip = dialog.getByTestId('strip-photo')
  await strip.nth(2).dragTo(strip.nth(0))
  await dialog.getByRole('button', { name: 'Photo 1 of 3' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Alt text, photo 1' })).toHaveValue('the third')
  await ui.caption(page).fill('Three at once #triple')
  await ui.share(page).click()
  await expect(dialog).toBeHidden()

  const card = ui.post(page, author.username)
  await expect(card.getByRole('group', { name: 'Photos, 1 of 3' })).toBeVisible()
  await expect(card.getByRole('img', { name: 'the third' })).toBeVisible()
  // Order after the drag: the third, the first, then the second (no alt text: the caption).
  await card.getByRole('button', { name: 'Next photo' }).click()
  await expect(card.getByRole('img', { name: 'the first' })).toBeVisible()
  await card.getByRole('button', { name: 'Next photo' }).click()
  await expect(card.getByRole('img', { name: 'Three at once #triple' })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Next photo' })).toHaveCount(0)
  await card.getByRole('button', { name: 'Previous photo' }).click()
  await expect(card.getByRole('group', { name: 'Photos, 2 of 3' })).toBeVisible()

  await openProfile(page)
  await expect(ui.profileGrid(page).getByRole('img', { name: '3 photos' })).toBeVisible()
})

test('a drop of eleven photos or with a non-image is refused before anything is uploaded', async ({
  appPage: page
}) => {
  const author = await createUser('refused')
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  const eleven = Array.from({ length: 11 }, (_, i) => ({ ...photoPng(i + 1), name: `p${i}.png` }))
  await dropFiles(page, ui.dropZone(page), eleven)
  await expect(dialog.getByRole('alert')).toHaveText('A post can hold at most 10 photos')
  const text = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just words') }
  await dropFiles(page, ui.dropZone(page), [{ ...photoPng(1), name: 'a.png' }, text])
  await expect(dialog.getByRole('alert')).toHaveText('notes.txt: Please drop an image file')
  await expect(ui.dropZone(page)).toBeVisible()
  expect(await storedObjects(author)).toEqual([])
})

test('More options on a card: the author deletes from it; on another’s post it goes to the post', async ({
  appPage: page
}, testInfo) => {
  const author = await createUser('optauthor')
  const reader = await createUser('optreader')
  await carouselAs(author, 'Options on this one', 1)
  await carouselAs(reader, 'My own to delete', 1)
  await openSignedIn(page, reader)

  const options = page.getByRole('menu', { name: 'Post options' })
  await ui.post(page, author.username).getByRole('button', { name: 'More options' }).click()
  // Someone else's post: the safety choices first, as the network lists them (safety.e2e.ts).
  await expect(options.getByRole('menuitem')).toHaveText([
    'Report',
    'Block',
    'Mute',
    'Save to collection',
    'Go to post',
    'Copy link',
    'About this account',
    'Cancel'
  ])
  await checkA11y(page, 'post options', testInfo)
  await options.getByRole('menuitem', { name: 'Go to post' }).click()
  await expect(postView(page, author.username)).toBeVisible()
  await page.keyboard.press('Escape')

  await ui.post(page, reader.username).getByRole('button', { name: 'More options' }).click()
  await options.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete post?' })
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(postView(page, reader.username)).toBeHidden()
  await expect(ui.post(page, reader.username)).toHaveCount(0)
  await expect(ui.post(page, author.username)).toHaveCount(1)
})

test('a like from the post view shows at once, reaches the card, and stays after a reload', async ({
  appPage: page
}) => {
  const author = await createUser('pvlikeauthor')
  const reader = await createUser('pvlikereader')
  await carouselAs(author, 'Like me in the post view', 1)
  await openSignedIn(page, reader)
  await openFromCard(page, author.username)
  const view = postView(page, author.username)
  await view.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(view.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
  await expect(view.getByText('1 like', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  const card = ui.post(page, author.username)
  await expect(card.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
  await expect(card.getByText('1 like', { exact: true })).toBeVisible()

  await page.reload()
  await waitForFeed(page)
  await openFromCard(page, author.username)
  await expect(view.getByRole('button', { name: 'Unlike', exact: true })).toBeVisible()
  await view.getByRole('button', { name: 'Unlike', exact: true }).click()
  await expect(view.getByRole('button', { name: 'Like', exact: true })).toBeVisible()
  await expect(view.getByText('0 likes', { exact: true })).toBeVisible()
})

test('a visitor uses More options with the keyboard; the post view’s Like asks to log in', async ({
  appPage: page
}) => {
  const author = await createUser('optvisitor')
  await carouselAs(author, 'Seen by a visitor', 1)
  await openApp(page)
  const card = ui.post(page, author.username)
  const more = card.getByRole('button', { name: 'More options' })
  await more.focus()
  await page.keyboard.press('Enter')
  const options = page.getByRole('menu', { name: 'Post options' })
  // A visitor has nothing to report, block or mute with: those ask for an account.
  await expect(options.getByRole('menuitem')).toHaveText([
    'Go to post',
    'Copy link',
    'About this account',
    'Cancel'
  ])
  await expect(options.getByRole('menuitem', { name: 'Go to post' })).toBeFocused()
  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape')
  await expect(options).toBeHidden()
  await expect(more).toBeFocused()

  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(options.getByRole('menuitem', { name: 'About this account' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: author.username })).toBeVisible()

  await page.goBack()
  await ui.post(page, author.username).getByRole('button', { name: 'More options' }).click()
  await options.getByRole('menuitem', { name: 'Go to post' }).click()
  const view = postView(page, author.username)
  await view.getByRole('button', { name: 'Like', exact: true }).click()
  await expect(ui.authDialog(page)).toBeVisible()
})
