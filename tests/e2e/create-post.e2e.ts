// Creating posts: a file dropped on the drop zone or chosen with the file input, the caption
// counter and its 500 limit, the refusals with their exact texts (docs/product.md, "Create a
// post"), and the new post on top.

import { truncate, writeFile } from 'node:fs/promises'
import { OVERSIZE_BYTES, photoPng, textFile } from './fixtures/images'
import {
  MESSAGES,
  chooseFile,
  dropFile,
  likesLabel,
  openCreatePost,
  openSignedIn,
  sharePost,
  ui
} from './support/app'
import { createPostAs, createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('creator')
  // Someone else posted first, so "on top" means something.
  await createPostAs(await createUser('earlier'), 'An older post', 5)
})

test('a dropped image becomes a post at the top of the feed', async ({ appPage: page }) => {
  await openSignedIn(page, user)
  await openCreatePost(page)
  await expect(ui.share(page)).toHaveCount(0)

  await dropFile(page, ui.dropZone(page), photoPng(11))
  await expect(ui.preview(page)).toBeVisible()
  await expect(ui.dropZone(page)).toHaveCount(0)
  await expect(ui.counter(page)).toHaveText('0/500')
  await expect(ui.share(page)).toBeEnabled()
  await ui.caption(page).fill('  Dropped from the file manager  ')
  const requests = await sharePost(page)
  // The post comes back from create_post: uploads (photo, thumbnail), the insert, nothing re-read.
  expect(requests).toEqual([
    expect.stringMatching(/^POST \/storage\/v1\/object\/images\/posts\/.+\.webp$/),
    expect.stringMatching(/^POST \/storage\/v1\/object\/images\/posts\/.+-thumb\.webp$/),
    'POST /rest/v1/rpc/create_post'
  ])

  const first = ui.posts(page).first()
  await expect(first).toHaveAccessibleName(`Post by ${user.username}`)
  // Trimmed on save (docs/product.md, "Create a post").
  await expect(
    first.getByRole('img', { name: 'Dropped from the file manager', exact: true })
  ).toBeVisible()
  await expect(first.getByText(likesLabel(0), { exact: true })).toBeVisible()
  await expect(first.locator('time').first()).toHaveText('now')
  // The image really is served back and decodes.
  await expect
    .poll(() =>
      first
        .getByRole('img', { name: 'Dropped from the file manager' })
        .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)
    )
    .toBeGreaterThan(0)
})

// One Create, from refusals to a post: each refusal leaves it ready for the next file.
test('refuses what is not a photo under 10MB, then a chosen image counts its caption and posts', async ({
  appPage: page
}, testInfo) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)

  // An image of 10MB or more, dropped or chosen.
  await dropFile(page, ui.dropZone(page), {
    name: 'huge.png',
    mimeType: 'image/png',
    size: OVERSIZE_BYTES
  })
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.imageTooLarge)
  await expect(ui.preview(page)).toHaveCount(0)
  // Chosen from disk: the browser reads the file itself, where 10 MB of bytes handed over would
  // cross the protocol as 13 MB of base64.
  const huge = testInfo.outputPath('huge.png')
  await writeFile(huge, '')
  await truncate(huge, OVERSIZE_BYTES)
  await ui.fileInput(page).setInputFiles(huge)
  await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.imageTooLarge)
  await expect(ui.preview(page)).toHaveCount(0)
  expect(MESSAGES.imageTooLarge).toBe('Image must be less than 10MB')

  // A non-image, with the chosen and the dropped wording.
  await chooseFile(page, textFile())
  await expect(dialog.getByRole('alert')).toHaveText('Please select an image file')
  await expect(ui.preview(page)).toHaveCount(0)
  await dropFile(page, ui.dropZone(page), textFile())
  await expect(dialog.getByRole('alert')).toHaveText('Please drop an image file')
  await expect(ui.preview(page)).toHaveCount(0)
  // Bytes that are not an image, declared as one: the bytes decide.
  await dropFile(page, ui.dropZone(page), {
    ...textFile(),
    name: 'fake.png',
    mimeType: 'image/png'
  })
  await expect(dialog.getByRole('alert')).toHaveText('Please drop an image file')

  // A good image afterwards, chosen with the file input, clears the error.
  await chooseFile(page, photoPng(12))
  await expect(ui.preview(page)).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveCount(0)

  // The caption counter counts up to 500 and stops there.
  const caption = ui.caption(page)
  await expect(ui.counter(page)).toHaveText('0/500')
  await caption.fill('Hello')
  await expect(ui.counter(page)).toHaveText('5/500')
  await caption.fill('x'.repeat(499))
  await expect(ui.counter(page)).toHaveText('499/500')
  await caption.press('End')
  await caption.pressSequentially('yz')
  await expect(ui.counter(page)).toHaveText('500/500')
  await expect(caption).toHaveValue('x'.repeat(499) + 'y')
  await caption.fill('a'.repeat(600))
  await expect(ui.counter(page)).toHaveText('500/500')
  await expect(caption).toHaveValue('a'.repeat(500))
  await expect(ui.share(page)).toBeEnabled()

  // The chosen image becomes a post at the top of the feed.
  await caption.fill('Picked from the computer')
  await sharePost(page)
  const first = ui.posts(page).first()
  await expect(first).toHaveAccessibleName(`Post by ${user.username}`)
  await expect(
    first.getByRole('img', { name: 'Picked from the computer', exact: true })
  ).toBeVisible()
})

test('shows Uploading... and locks the modal while the upload is in flight', async ({
  appPage: page
}) => {
  // Hold the storage upload until the locked state has been seen.
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname.startsWith('/storage/v1/object/'),
    async (route) => {
      if (route.request().method() === 'POST') await released
      await route.fallback()
    }
  )
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(15))
  await ui.caption(page).fill('Slow connection')
  const uploaded = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.startsWith('/storage/v1/object/') &&
      response.request().method() === 'POST'
  )
  await ui.share(page).click()
  const busy = dialog.getByRole('button', { name: MESSAGES.uploading })
  await expect(busy).toBeVisible()
  await expect(busy).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()

  release()
  await uploaded
  await expect(dialog).toBeHidden()
  await expect(ui.posts(page).first()).toHaveAccessibleName(`Post by ${user.username}`)
})
