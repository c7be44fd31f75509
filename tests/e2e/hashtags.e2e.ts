// Hashtags (docs/product.md, "Likes, saved, tags and suggestions" and "Header and menus"): a tag's page with its picture, post
// count and Follow, then its top and recent posts; following it brings a stranger's tagged post
// into the Following feed, marked with the tag; Settings lists it with Unfollow. The search
// panel's Tags tab finds the tag and keeps its own recent searches. Axe-clean in light and dark.

import type { Page, TestInfo } from '@playwright/test'
import { openSignedIn, shootBothThemes, ui } from './support/app'
import { checkA11y } from './support/axe'
import { createPostAs, createUser, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

test.setTimeout(180_000)

// A tag of this run alone, so other specs' posts never count.
const tag = `harbour${Date.now().toString(36)}`
let reader: TestUser

test.beforeAll(async () => {
  reader = await createUser('tagreader')
  const stranger = await createUser('tagstranger')
  const fan = await createUser('tagfan')
  await createPostAs(stranger, `Quiet boats at the #${tag}`, 21)
  await likeAs(fan, await createPostAs(stranger, `Sunrise over the #${tag}`, 22))
})

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = target
  }, hash)
}

async function bothThemes(page: Page, name: string, testInfo: TestInfo): Promise<void> {
  await checkA11y(page, `${name} (light)`, testInfo)
  await page.emulateMedia({ colorScheme: 'dark' })
  await checkA11y(page, `${name} (dark)`, testInfo)
  await page.emulateMedia({ colorScheme: 'light' })
  await shootBothThemes(page, name)
}

test('a hashtag page: count, top and recent posts, Follow into the Following feed', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  await openSignedIn(page, reader)
  await go(page, `#/t/${tag}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: `#${tag}` })).toBeVisible()
  await expect(main.getByText('2 posts', { exact: true })).toBeVisible()
  const top = main.getByRole('region', { name: 'Top posts' })
  const recent = main.getByRole('region', { name: 'Recent posts' })
  await expect(top.getByRole('img', { name: `Sunrise over the #${tag}` })).toBeVisible()
  await expect(recent.getByRole('img')).toHaveCount(2)
  const follow = main.getByRole('button', { name: `Follow #${tag}` })
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  await bothThemes(page, 'hashtag-page', testInfo)

  await follow.click()
  await expect(main.getByRole('button', { name: `Following #${tag}` })).toHaveAttribute(
    'aria-pressed',
    'true'
  )

  // The stranger's posts are in the Following feed, each marked with the tag.
  await go(page, '#/following')
  const card = page.getByRole('article', { name: /^Post by tagstranger/ }).first()
  await expect(card).toBeVisible()
  await expect(card.getByRole('link', { name: `#${tag}, a hashtag you follow` })).toBeVisible()
  await bothThemes(page, 'following-feed-followed-tag', testInfo)

  // Settings lists it; Unfollow empties the list.
  await go(page, '#/settings/followed-hashtags')
  const list = page.getByRole('list', { name: 'Followed hashtags' })
  await expect(list.getByRole('link', { name: `#${tag}` })).toBeVisible()
  await bothThemes(page, 'settings-followed-hashtags', testInfo)
  await list.getByRole('button', { name: `Unfollow #${tag}` }).click()
  await expect(page.getByText("You don't follow any hashtags.")).toBeVisible()
})

test('search: the Tags tab finds a hashtag and keeps its own recent searches', async ({
  appPage: page
}, testInfo) => {
  await page.setViewportSize({ width: 1000, height: 800 })
  await openSignedIn(page, reader)
  const box = ui.header(page).getByRole('combobox', { name: 'Search people' })
  await box.click()
  const tabs = page.getByRole('tablist', { name: 'Search for' })
  await expect(tabs.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true')
  // By keyboard: Tab to the tabs, → to Tags.
  await page.keyboard.press('Tab')
  await expect(tabs.getByRole('tab', { name: 'Accounts' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(tabs.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true')

  const tagBox = ui.header(page).getByRole('combobox', { name: 'Search hashtags' })
  await tagBox.click()
  await tagBox.fill(`#${tag.slice(0, -2)}`)
  const option = page.getByRole('option', { name: new RegExp(`#${tag}\\s*2 posts`) })
  await expect(option).toBeVisible()
  await bothThemes(page, 'search-tags', testInfo)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`#/t/${tag}$`))

  // Its recent searches hold the tag; the Accounts tab's do not.
  await tagBox.click()
  const recentList = page.getByRole('listbox', { name: 'Recent searches' })
  await expect(recentList).toContainText(`#${tag}`)
  await tabs.getByRole('tab', { name: 'Accounts' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Accounts' })).not.toContainText(`#${tag}`)
})
