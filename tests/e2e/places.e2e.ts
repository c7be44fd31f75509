// Places (docs/product.md, "Location"), in the browser build against the local backend: the
// create screen's location picker finds a place another person made, without case or accents;
// the card's location opens the place's page (name, post count, its posts); the search box's
// Places tab finds it and keeps it in its own recent searches. Axe-clean in light and dark.

import type { Page } from '@playwright/test'
import { createPost } from '../../src/shared/data/post-create'
import { photoPng } from './fixtures/images'
import {
  chooseFile,
  openCreatePost,
  openSignedIn,
  sharePost,
  shootBothThemes,
  ui
} from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

test.setTimeout(180_000)

// A place of this run alone, so other specs' posts never count.
const suffix = Date.now().toString(36)
const placeName = `Café Ölberg ${suffix}`
let author: TestUser

test.beforeAll(async () => {
  author = await createUser('placeauthor')
  const stranger = await createUser('placestranger')
  const image = photoPng(41)
  await createPost(stranger.client, {
    userId: stranger.id,
    caption: 'Espresso at the counter',
    location: placeName,
    photos: [{ bytes: new Uint8Array(image.buffer), declaredType: image.mimeType }]
  })
})

const placeHash = /#\/loc\/[0-9a-f-]{36}$/

async function openPlaceFromCard(page: Page): Promise<void> {
  const card = ui.post(page, author.username)
  await card.getByRole('link', { name: placeName }).click()
  await expect(page).toHaveURL(placeHash)
}

test('a place picked on the create screen links the card to its page', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, author)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(42))
  await ui.caption(page).fill('Coffee time')
  const field = dialog.getByRole('combobox', { name: 'Location' })
  // Typed without case or accents, it finds the place the stranger made.
  await field.fill(`cafe olberg ${suffix}`)
  const option = dialog.getByRole('option', { name: placeName })
  await expect(option).toBeVisible()
  await expect(dialog.getByRole('option')).toHaveCount(1)
  await checkA11yBothThemes(page, 'create-location-picker', testInfo)
  await shootBothThemes(page, 'create-location-picker')
  await option.click()
  await expect(field).toHaveValue(placeName)
  await expect(dialog.getByRole('option')).toHaveCount(0)
  await sharePost(page)

  await openPlaceFromCard(page)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: placeName })).toBeVisible()
  await expect(main.getByText('2 posts', { exact: true })).toBeVisible()
  const grid = main.getByRole('list', { name: `Posts at ${placeName}` })
  await expect(grid.getByRole('img')).toHaveCount(2)
  await checkA11yBothThemes(page, 'place-page', testInfo)
  await shootBothThemes(page, 'place-page')

  // Back returns to the feed the card was on.
  await main.getByRole('button', { name: 'Back' }).click()
  await expect(ui.post(page, author.username)).toBeVisible()
})

test('search: the Places tab finds a place and keeps its own recent searches', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, author)
  const box = ui.header(page).getByRole('combobox', { name: 'Search people' })
  await box.click()
  const tabs = page.getByRole('tablist', { name: 'Search for' })
  await tabs.getByRole('tab', { name: 'Places' }).click()
  const placeBox = ui.header(page).getByRole('combobox', { name: 'Search places' })
  await expect(placeBox).toBeFocused()
  await placeBox.fill(`OLBERG ${suffix}`)
  const option = page.getByRole('option', { name: placeName })
  await expect(option).toBeVisible()
  await checkA11yBothThemes(page, 'search-places', testInfo)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(placeHash)
  await expect(page.getByRole('heading', { level: 1, name: placeName })).toBeVisible()

  // Its recent searches hold the place; the Tags tab's do not.
  await placeBox.click()
  await expect(page.getByRole('listbox', { name: 'Recent searches' })).toContainText(placeName)
  await tabs.getByRole('tab', { name: 'Tags' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Tags' })).not.toContainText(placeName)
})
