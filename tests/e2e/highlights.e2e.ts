// The story archive and highlights end to end (docs/product.md, "Stories" and "Profile"): the
// author posts a story from the strip; it and an expired one wait in Settings › Archive ›
// Stories, and the expired one opens in the story viewer with its viewers list; a highlight is
// made of both (a missing name is refused with its reason); a follower sees its circle under
// the bio and plays it in the story viewer under its name; a stranger of a private account
// sees none. axe in both themes on the archive and the profile with highlights.

import { type Locator, type Page } from '@playwright/test'
import { checkA11y, axeSummary } from './support/axe'
import { openProfile, openSignedIn, shootBothThemes, ui } from './support/app'
import {
  createUser,
  e2eEnv,
  follow,
  nodeClient,
  postStoryAs,
  type TestUser
} from './support/backend'
import { photoPng } from './fixtures/images'
import { expect, test } from './support/test'

test.use({ viewport: { width: 1280, height: 900 } })

test.afterAll(() => {
  console.log(axeSummary())
})

const strip = (page: Page): Locator => page.getByRole('region', { name: 'Stories' })
const highlightsRow = (page: Page): Locator => page.getByRole('region', { name: 'Highlights' })

async function bothThemesClean(
  page: Page,
  what: string,
  testInfo: Parameters<typeof checkA11y>[2]
) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await checkA11y(page, `${what} (${scheme})`, testInfo)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A story of `user` whose 24 hours are over (moved by the service role; no client can). */
async function expiredStoryOf(user: TestUser, text: string): Promise<void> {
  const story = await postStoryAs(user, text, 7)
  const admin = nodeClient(e2eEnv().serviceKey)
  const { error } = await admin
    .from('stories')
    .update({ expires_at: new Date(Date.now() - 60_000).toISOString() })
    .eq('id', story.id)
  expect(error).toBeNull()
}

test('a story in the archive becomes a highlight that a follower plays', async ({
  appPage: page,
  otherPage
}, testInfo) => {
  // Three people and two signed-in pages on a shared machine: more than one default timeout.
  test.setTimeout(420_000)
  const author = await createUser('hlauthor')
  const fan = await createUser('hlfan')
  const stranger = await createUser('hlstranger')
  await follow(fan, author)
  await expiredStoryOf(author, 'last summer')

  // The author posts a story from the strip.
  await openSignedIn(page, author)
  await strip(page).getByRole('button', { name: 'Add to your story' }).click()
  const create = page.getByRole('dialog', { name: 'Add to your story' })
  const photo = photoPng(5, 240)
  await ui.fileInput(page).setInputFiles({
    name: photo.name,
    mimeType: photo.mimeType,
    buffer: photo.buffer
  })
  await create.getByLabel('Text on your story (optional)').fill('this morning')
  await create.getByRole('button', { name: 'Share to story' }).click()
  await expect(create).toBeHidden()

  // Both wait in the archive, newest first; the expired one plays with its viewers list.
  await openProfile(page)
  await page.getByRole('button', { name: 'View archive' }).click()
  await page.getByRole('tab', { name: 'Stories' }).click()
  const archive = page.getByRole('list', { name: 'Archived stories' })
  await expect(archive.getByRole('button')).toHaveCount(2)
  await expect(archive.getByRole('button').first()).toHaveAccessibleName(/: this morning$/)
  await bothThemesClean(page, 'settings › archive › stories', testInfo)
  await shootBothThemes(page, 'story-archive')
  await archive.getByRole('button', { name: /: last summer$/ }).click()
  const viewer = page.getByRole('dialog', { name: `Stories by ${author.username}` })
  await expect(viewer.getByRole('img', { name: 'last summer' })).toBeVisible()
  await expect(viewer.getByRole('button', { name: 'Seen by 0' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(viewer).toBeHidden()

  // A highlight of both: no name is refused and says why; then it is made.
  await page.getByRole('button', { name: 'New highlight' }).click()
  const editor = page.getByRole('dialog', { name: 'New highlight' })
  const choices = editor.getByRole('list', { name: 'Choose stories' }).getByRole('button')
  await expect(choices).toHaveCount(2)
  await choices.nth(0).click()
  await choices.nth(1).click()
  await editor.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(editor.getByRole('alert')).toHaveText('A highlight name is 1 to 32 characters')
  await editor.getByLabel('Highlight name').fill('Summer')
  await expect(editor.getByRole('alert')).toHaveCount(0)
  await editor.getByRole('radio', { name: /: last summer$/ }).click()
  await checkA11y(page, 'new highlight', testInfo)
  await shootBothThemes(page, 'highlight-editor')
  await editor.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(editor).toBeHidden()
  await openProfile(page)
  await expect(highlightsRow(page).getByRole('button', { name: 'New highlight' })).toBeVisible()
  await expect(
    highlightsRow(page).getByRole('button', { name: 'Open highlight Summer' })
  ).toBeVisible()
  await shootBothThemes(page, 'profile-highlights-own')

  // A follower sees the circle under the bio and plays it under the highlight's name.
  const fanPage = await otherPage()
  await openSignedIn(fanPage, fan)
  await fanPage.goto(`${e2eEnv().webUrl}#/u/${author.username}`)
  const circle = highlightsRow(fanPage).getByRole('button', { name: 'Open highlight Summer' })
  await expect(circle).toBeVisible()
  await expect(highlightsRow(fanPage).getByRole('button', { name: 'New highlight' })).toHaveCount(0)
  await expect(circle.locator('img')).toHaveCount(1)
  await bothThemesClean(fanPage, 'profile with highlights', testInfo)
  // A page in the background may not repaint for its screenshot.
  await fanPage.bringToFront()
  await shootBothThemes(fanPage, 'profile-highlights')
  await circle.click()
  const playing = fanPage.getByRole('dialog', { name: 'Highlight Summer' })
  await expect(playing).toBeVisible()
  await expect(playing.getByText('Story 1 of 2 by ' + author.username)).toBeAttached()
  await expect(playing.getByRole('img', { name: 'last summer' })).toBeVisible()
  await fanPage.keyboard.press('Space')
  await shootBothThemes(fanPage, 'highlight-viewer')
  await fanPage.keyboard.press('ArrowRight')
  await expect(playing.getByRole('img', { name: 'this morning' })).toBeVisible()
  await fanPage.keyboard.press('Escape')
  await expect(playing).toBeHidden()

  // Private now: a stranger sees no highlights (the database answers none).
  await author.client.from('profiles').update({ is_private: true }).eq('id', author.id)
  const strangerPage = await otherPage()
  await openSignedIn(strangerPage, stranger)
  await strangerPage.goto(`${e2eEnv().webUrl}#/u/${author.username}`)
  await expect(strangerPage.getByRole('heading', { name: author.username, level: 2 })).toBeVisible()
  const { data } = await stranger.client.rpc('profile_highlights', { person: author.id })
  expect(data).toEqual([])
  await expect(highlightsRow(strangerPage)).toHaveCount(0)
})
