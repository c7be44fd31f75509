// Explore (docs/product.md, "Explore"): the compass in the header and `g e` open #/explore, a grid
// of posts from people the reader does not follow; a tile opens the post over the grid, and Back
// returns to the same tile at the same scroll position. Axe-clean in light and dark.

import type { Page } from '@playwright/test'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { checkA11yBothThemes } from './support/axe'
import { createPostAs, createUser, follow, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

// Six authors' posts, a follow and likes take a while on a loaded machine.
test.setTimeout(180_000)

let reader: TestUser
let followed: TestUser

test.beforeAll(async () => {
  reader = await createUser('explorereader')
  followed = await createUser('explorefollowed')
  await follow(reader, followed)
  await createPostAs(followed, 'Explore followed post', 3)
  const fan = await createUser('explorefan')
  // Six strangers with two posts each, liked so they rank above older posts of other specs.
  for (let a = 0; a < 6; a++) {
    const author = await createUser(`exploreauthor${a}`)
    for (let p = 0; p < 2; p++) {
      await likeAs(fan, await createPostAs(author, `Explore tile ${a}-${p}`, 10 + a * 2 + p))
    }
  }
})

const grid = (page: Page) => page.getByRole('list', { name: 'Explore posts' })
const tiles = (page: Page) => grid(page).getByRole('button')
const scrollOf = (page: Page): Promise<number> =>
  page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)

test('the header opens Explore; a tile opens its post and Back returns to it', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1000, height: 700 })
  await openSignedIn(page, reader)
  await ui.header(page).getByRole('button', { name: 'Explore' }).click()
  await expect(page).toHaveURL(/#\/explore$/)
  await expect(page).toHaveTitle(/^Explore/)
  await expect(grid(page).getByRole('img', { name: 'Explore tile 0-0' })).toBeVisible()
  // Nobody the reader follows, and not the reader.
  await expect(grid(page).getByRole('img', { name: 'Explore followed post' })).toHaveCount(0)

  await checkA11yBothThemes(page, 'explore', testInfo)
  await shootBothThemes(page, 'explore')

  // A tile below the first screen: its post opens over the grid, and Back comes back to it.
  const count = await tiles(page).count()
  expect(count).toBeGreaterThanOrEqual(9)
  const tile = tiles(page).nth(count - 1)
  await tile.scrollIntoViewIfNeeded()
  const name = await tile.getByRole('img').first().getAttribute('alt')
  const tileNames = (): Promise<(string | null)[]> =>
    tiles(page).evaluateAll((buttons) =>
      buttons.map((button) => button.querySelector('img')?.getAttribute('alt') ?? null)
    )
  const shown = await tileNames()
  const scrolled = await scrollOf(page)
  expect(scrolled).toBeGreaterThan(0)
  await tile.click()
  const view = page.getByRole('dialog', { name: /^Post by / })
  await expect(view).toBeVisible()
  await expect(page).toHaveURL(/#\/p\//)
  // The tile's photo, by its alt text (beside the other worker's posts a fixture's alt text can
  // also be the hidden tooltip of an ALT badge, so not any text of that name).
  await expect(view.getByRole('img', { name: name ?? '', exact: true }).first()).toBeVisible()
  await page.goBack()
  await expect(view).toBeHidden()
  await expect(page).toHaveURL(/#\/explore$/)
  expect(Math.abs((await scrollOf(page)) - scrolled)).toBeLessThanOrEqual(2)
  await expect(tiles(page).nth(count - 1)).toBeInViewport()
  await expect(
    tiles(page)
      .nth(count - 1)
      .getByRole('img')
      .first()
  ).toHaveAttribute('alt', name ?? '')
  // The same visit: no tile was read again or moved (a next page may have come in below, as the
  // tile scrolled into view neared the grid's end).
  expect((await tileNames()).slice(0, shown.length)).toEqual(shown)

  // g h goes home, g e comes back to the same visit's tiles.
  await page.keyboard.press('g')
  await page.keyboard.press('h')
  await expect(page).toHaveURL(/#\/$/)
  await page.keyboard.press('g')
  await page.keyboard.press('e')
  await expect(page).toHaveURL(/#\/explore$/)
  await expect(tiles(page).nth(count - 1)).toBeVisible()
  expect((await tileNames()).slice(0, shown.length)).toEqual(shown)
})
