// Saved collections (docs/product.md, "Likes, saved, tags and suggestions"): holding a card's
// save button opens the save sheet, where "New collection" makes one with the post in it (and
// saves the post); a post's ⋯ menu files another; the Saved tab shows the collection as a tile
// whose cover is the post filed last; opened, it lists its posts; it is renamed, then deleted
// (asked first) and its posts stay in All posts. axe in both themes.

import type { Locator, Page } from '@playwright/test'
import type { Post } from '../../src/shared/domain'
import { openProfile, openSignedIn, shootBothThemes, ui } from './support/app'
import { axeSummary, checkA11yBothThemes } from './support/axe'
import { createUser, createUserWithPosts, follow } from './support/backend'
import { expect, test } from './support/test'

test.use({ viewport: { width: 1280, height: 800 } })

test.afterAll(() => {
  console.log(axeSummary())
})

const sheet = (page: Page) => page.getByRole('dialog', { name: 'Save to collection' })

/** Holds the pointer on the button past the long press (~500 ms), then lets go. */
async function hold(page: Page, button: Locator): Promise<void> {
  await button.hover()
  await page.mouse.down()
  await page.waitForTimeout(800)
  await page.mouse.up()
}

const fileName = (post: Post): string => (post.thumb_url ?? post.image_url).split('/').pop()!

test('save to a new collection from a card, see its tile, open, rename and delete it', async ({
  page
}, testInfo) => {
  // One flow through five screens, four of them checked by axe in both themes.
  test.slow()
  const { user: author, posts } = await createUserWithPosts('collauthor', 2, { caption: 'Trip' })
  const reader = await createUser('collreader')
  await follow(reader, author)
  await openSignedIn(page, reader)

  // Holding Save opens the sheet; the click that ends the hold does not save on its own.
  const first = ui.posts(page).filter({ hasText: 'Trip 0' })
  await hold(page, first.getByRole('button', { name: 'Save', exact: true }))
  await expect(sheet(page)).toBeVisible()
  await expect(sheet(page).getByText('No collections yet')).toBeVisible()
  await expect(first.getByRole('button', { name: 'Save', exact: true })).toBeVisible()
  await sheet(page).getByRole('button', { name: 'New collection' }).click()
  await sheet(page).getByLabel('Collection name').fill('   ')
  await sheet(page).getByRole('button', { name: 'Create' }).click()
  await expect(sheet(page).getByRole('alert')).toHaveText('A collection name is 1 to 50 characters')
  await sheet(page).getByLabel('Collection name').fill('Trips')
  await sheet(page).getByRole('button', { name: 'Create' }).click()
  const trips = sheet(page).getByRole('button', { name: 'Trips' })
  await expect(trips).toHaveAttribute('aria-pressed', 'true')
  // Filing saved the post too.
  await expect(first.getByRole('button', { name: 'Remove from saved' })).toBeVisible()
  await checkA11yBothThemes(page, 'save sheet with a collection', testInfo)
  await shootBothThemes(page, 'collections-sheet')
  await page.keyboard.press('Escape')
  await expect(sheet(page)).toBeHidden()

  // The ⋯ menu files the second post in the same collection; it becomes the cover.
  const second = ui.posts(page).filter({ hasText: 'Trip 1' })
  await second.getByRole('button', { name: 'More options', exact: true }).click()
  await page
    .getByRole('menu', { name: 'Post options' })
    .getByRole('menuitem', { name: 'Save to collection' })
    .click()
  await expect(trips).toHaveAttribute('aria-pressed', 'false')
  await trips.click()
  await expect(trips).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')

  await openProfile(page)
  await page.getByRole('tab', { name: 'Saved' }).click()
  const tile = page.getByRole('button', { name: 'Trips', exact: true })
  await expect(tile.locator('img')).toHaveAttribute('src', new RegExp(fileName(posts[1])))
  await expect(
    page.getByRole('list', { name: 'Saved posts' }).getByRole('img', { name: /^Trip / })
  ).toHaveCount(2)
  await checkA11yBothThemes(page, 'saved tab with a collection', testInfo)
  await shootBothThemes(page, 'collections-saved-tab')

  await tile.click()
  await expect(page.getByRole('heading', { name: 'Trips', exact: true })).toBeVisible()
  const grid = page.getByRole('list', { name: 'Posts in Trips' })
  await expect(grid.getByRole('img', { name: /^Trip / })).toHaveCount(2)
  await checkA11yBothThemes(page, 'an open collection', testInfo)

  await page.getByRole('button', { name: 'Rename' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename collection' })
  await rename.getByLabel('Collection name').fill('Road trips')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(rename).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Road trips', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Delete collection' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete collection?' })
  await expect(confirm).toContainText('Its posts stay saved in All posts.')
  await checkA11yBothThemes(page, 'delete collection confirmation', testInfo)
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('button', { name: 'Road trips' })).toHaveCount(0)
  await expect(
    page.getByRole('list', { name: 'Saved posts' }).getByRole('img', { name: /^Trip / })
  ).toHaveCount(2)
})
