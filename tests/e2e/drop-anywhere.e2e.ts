// Drop anywhere: photos dragged from the file manager onto any view (here the feed and a
// profile, outside the Create dialog) show "Drop photos to share", and dropped they open Create
// with them, ready to share.

import { type Locator, type Page } from '@playwright/test'
import { photoJpeg, textFile, type FileFixture } from './fixtures/images'
import {
  MESSAGES,
  fileTransfer,
  openApp,
  openSignedIn,
  sharePost,
  ui,
  waitForFeed
} from './support/app'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('dropper')
})

const overlay = (page: Page): Locator => page.getByText('Drop photos to share', { exact: true })

/** A file manager's drag over `target`, then the drop (or, with `leave`, dragging away again). */
async function dragOnto(
  page: Page,
  target: Locator,
  file: FileFixture,
  end: 'drop' | 'leave' = 'drop'
): Promise<void> {
  const dataTransfer = await fileTransfer(page, file)
  await target.dispatchEvent('dragenter', { dataTransfer })
  await target.dispatchEvent('dragover', { dataTransfer })
  if (end === 'leave') {
    await expect(overlay(page)).toBeVisible()
    await target.dispatchEvent('dragleave', { dataTransfer })
  } else {
    await target.dispatchEvent('drop', { dataTransfer })
  }
  await dataTransfer.dispose()
}

test('a JPEG dropped on the feed opens Create with it and shares; a non-photo on a profile is refused', async ({
  appPage: page
}) => {
  await openSignedIn(page, user)
  const feed = page.getByRole('main')

  await dragOnto(page, feed, photoJpeg(), 'leave')
  await expect(overlay(page)).toBeHidden()
  await expect(ui.createDialog(page)).toBeHidden()

  await dragOnto(page, feed, photoJpeg())
  await expect(overlay(page)).toBeHidden()
  await expect(ui.createDialog(page)).toBeVisible()
  await expect(ui.preview(page)).toBeVisible()
  await ui.caption(page).fill('Dropped on the feed')
  await sharePost(page)
  const first = ui.posts(page).first()
  await expect(first).toHaveAccessibleName(`Post by ${user.username}`)
  await expect(first.getByRole('img', { name: 'Dropped on the feed', exact: true })).toBeVisible()

  // A file that is no photo, dropped on a profile, gets the dialog's message.
  await page.keyboard.press('g')
  await page.keyboard.press('p')
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible()
  await dragOnto(page, page.getByRole('main'), textFile())
  await expect(ui.createDialog(page).getByRole('alert')).toHaveText(MESSAGES.dropImageFile)
})

test('a visitor who drops a photo is asked to log in', async ({ appPage: page }) => {
  await openApp(page)
  await waitForFeed(page)
  await dragOnto(page, page.getByRole('main'), photoJpeg())
  await expect(ui.authDialog(page)).toBeVisible()
  await expect(page.getByText('Sign in to share your photos.')).toBeVisible()
  await expect(ui.createDialog(page)).toBeHidden()
})
