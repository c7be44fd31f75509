// The Settings page: opened from the account menu and with Ctrl/Cmd+, ; a section per URL; the
// list beside the section on a wide window and stacked above it at 800 px; axe on every section
// in light and dark (the one place settings sections get axe; its lists have someone in them).

import { type Page } from '@playwright/test'
import { openSignedIn, ui } from './support/app'
import { axeSummary, checkA11yBothThemes } from './support/axe'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('settings')
  // The lists show someone, so axe sees their rows and not only the empty states.
  const [blocked, muted, friend] = await Promise.all(
    ['setblocked', 'setmuted', 'setfriend'].map((stem) => createUser(stem))
  )
  const writes = await Promise.all([
    user.client.from('blocks').insert({ blocker_id: user.id, blocked_id: blocked.id }),
    user.client
      .from('mutes')
      .insert({ muter_id: user.id, muted_id: muted.id, posts: true, stories: false }),
    user.client.from('close_friends').insert({ friend_id: friend.id })
  ])
  for (const { error } of writes) expect(error).toBeNull()
})

test.afterAll(() => {
  console.log(axeSummary())
})

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' })
/** The section beside the list: what changes from one settings URL to the next. */
const SECTION = 'section[aria-labelledby="settings-section-title"]'
const sectionHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true })

test('opens from the account menu and the keyboard, one section per URL; the list beside or above', async ({
  appPage: page
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, user)
  await ui.accountMenuButton(page).click()
  await ui.accountMenu(page).getByRole('menuitem', { name: 'Settings' }).click()
  await expect(settingsNav(page)).toBeVisible()
  await expect(sectionHeading(page, 'Edit profile')).toBeVisible()
  await expect(page).toHaveTitle('Settings • Instaframe')

  await settingsNav(page).getByRole('link', { name: 'Appearance' }).click()
  await expect(sectionHeading(page, 'Appearance')).toBeVisible()
  expect(new URL(page.url()).hash).toBe('#/settings/appearance')
  await page.goBack()
  await expect(sectionHeading(page, 'Edit profile')).toBeVisible()

  // The Edit profile section opens the existing form.
  await page.getByRole('button', { name: 'Edit profile' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible()
  await page.keyboard.press('Escape')

  // From anywhere else, Ctrl+, comes back.
  await page.getByRole('button', { name: 'Home' }).click()
  await expect(settingsNav(page)).toHaveCount(0)
  await page.keyboard.press('Control+,')
  await expect(settingsNav(page)).toBeVisible()

  // The list sits beside the section, and stacks above it at 800 px.
  const content = page.locator(SECTION)
  const wide = { nav: await settingsNav(page).boundingBox(), content: await content.boundingBox() }
  expect(wide.nav!.x + wide.nav!.width).toBeLessThanOrEqual(wide.content!.x)

  await page.setViewportSize({ width: 800, height: 800 })
  const narrow = {
    nav: await settingsNav(page).boundingBox(),
    content: await content.boundingBox()
  }
  expect(narrow.nav!.y + narrow.nav!.height).toBeLessThanOrEqual(narrow.content!.y)
})

test('axe: every section, light and dark', async ({ appPage: page }, testInfo) => {
  // axe over every section takes long on a busy machine.
  test.slow()
  await openSignedIn(page, user)
  await page.keyboard.press('Control+,')
  const links = settingsNav(page).getByRole('link')
  const names = await links.allTextContents()
  for (const [index, name] of names.entries()) {
    await settingsNav(page).getByRole('link', { name, exact: true }).click()
    await expect(sectionHeading(page, name)).toBeVisible()
    // The whole page (header, list, landmarks) once; then each section's own content.
    await checkA11yBothThemes(page, `settings › ${name}`, testInfo, {
      include: index === 0 ? undefined : SECTION
    })
  }
})
