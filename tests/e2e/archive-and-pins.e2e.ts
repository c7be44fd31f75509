// The author curates their grid (docs/product.md, "Profile"): Archive from a post's ⋯ takes it
// off the profile and the count (others cannot read it at all) into Settings › Archive, whose
// "Show on profile" puts it back in its place with its likes; up to three pins lead the grid,
// newest pin first, with a pin badge, and a fourth is refused with the limit. axe in both themes.

import { type Page } from '@playwright/test'
import { choosePostOption, openProfile, openSignedIn, shootBothThemes, ui } from './support/app'
import { axeSummary, checkA11yBothThemes } from './support/axe'
import { createUser, createUserWithPosts, likeAs, type TestUser } from './support/backend'
import { expect, test } from './support/test'

test.use({ viewport: { width: 1280, height: 900 } })

test.afterAll(() => {
  console.log(axeSummary())
})

/** The tiles' photos (the badges are images too, without an img element). */
const tileNames = (page: Page) => ui.profileGrid(page).locator('li img')

/** Opens the own grid's post captioned `caption` and picks `choice` from its ⋯ menu. */
async function chooseOnTile(page: Page, username: string, caption: string, choice: string) {
  await ui.profileGrid(page).getByRole('img', { name: caption, exact: true }).click()
  const view = page.getByRole('dialog', { name: `Post by ${username}` })
  await choosePostOption(page, view, choice)
  return view
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text })

test('archive hides a post from everyone else and the count; Show on profile puts it back', async ({
  page
}, testInfo) => {
  const { user: author, posts } = await createUserWithPosts('archiver', 3, { caption: 'Day' })
  const reader: TestUser = await createUser('archreader')
  await likeAs(reader, posts[1])
  await openSignedIn(page, author)
  await openProfile(page)
  await expect(tileNames(page)).toHaveCount(3)
  await expect(ui.profileStats(page).getByRole('listitem').first()).toHaveText('3 posts')

  const view = await chooseOnTile(page, author.username, 'Day 1', 'Archive')
  await expect(view).toBeHidden()
  await expect(toast(page, 'Post archived')).toBeVisible()
  await expect(ui.profileStats(page).getByRole('listitem').first()).toHaveText('2 posts')
  await expect(tileNames(page)).toHaveCount(2)
  const hidden = await reader.client.from('posts').select('id').eq('id', posts[1].id)
  expect(hidden).toMatchObject({ error: null, data: [] })

  await page.getByRole('button', { name: 'View archive' }).click()
  const archive = page.getByRole('list', { name: 'Archived posts' })
  await expect(archive.getByRole('img', { name: 'Day 1', exact: true })).toBeVisible()
  await checkA11yBothThemes(page, 'settings › archive with a post', testInfo)
  await shootBothThemes(page, 'archive')

  await archive.getByRole('button', { name: 'Show on profile: Day 1' }).click()
  await expect(toast(page, 'Post shown on your profile')).toBeVisible()
  await expect(archive).toBeHidden()
  await expect(page.getByText("You haven't archived any posts.")).toBeVisible()

  await openProfile(page)
  await expect(ui.profileStats(page).getByRole('listitem').first()).toHaveText('3 posts')
  const names = await tileNames(page).evaluateAll((imgs) =>
    imgs.map((img) => img.getAttribute('alt'))
  )
  expect(names).toEqual(['Day 2', 'Day 1', 'Day 0'])
  const back = await reader.client.from('posts').select('likes_count').eq('id', posts[1].id)
  expect(back).toMatchObject({ error: null, data: [{ likes_count: 1 }] })
})

test('up to three pins lead the grid, newest pin first; a fourth is refused', async ({
  page
}, testInfo) => {
  const { user: author, posts } = await createUserWithPosts('pinner', 5, { caption: 'Pin' })
  for (const post of [posts[0], posts[1]]) {
    const { error } = await author.client.rpc('set_post_pinned', {
      target_post_id: post.id,
      pinned: true
    })
    expect(error).toBeNull()
  }
  await openSignedIn(page, author)
  await openProfile(page)
  const names = () =>
    tileNames(page).evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')))
  await expect.poll(names).toEqual(['Pin 1', 'Pin 0', 'Pin 4', 'Pin 3', 'Pin 2'])

  await chooseOnTile(page, author.username, 'Pin 3', 'Pin to your profile')
  await expect(toast(page, 'Post pinned to your profile')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(names).toEqual(['Pin 3', 'Pin 1', 'Pin 0', 'Pin 4', 'Pin 2'])
  await expect(ui.profileGrid(page).getByRole('img', { name: 'Pinned post' })).toHaveCount(3)
  await expect(ui.profileStats(page).getByRole('listitem').first()).toHaveText('5 posts')
  await checkA11yBothThemes(page, 'profile with pinned posts', testInfo)
  await shootBothThemes(page, 'profile-pins')

  await chooseOnTile(page, author.username, 'Pin 4', 'Pin to your profile')
  await expect(toast(page, 'You can pin up to 3 posts. Unpin one first.')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(names).toEqual(['Pin 3', 'Pin 1', 'Pin 0', 'Pin 4', 'Pin 2'])

  await chooseOnTile(page, author.username, 'Pin 1', 'Unpin')
  await expect(toast(page, 'Post unpinned')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect.poll(names).toEqual(['Pin 3', 'Pin 0', 'Pin 4', 'Pin 2', 'Pin 1'])
  await expect(ui.profileGrid(page).getByRole('img', { name: 'Pinned post' })).toHaveCount(2)
})
