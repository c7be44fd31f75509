// Stories end to end: A posts a story from the strip; B, who follows A, sees A's unseen ring,
// watches with the keyboard alone (the bar advances, → moves on, Escape closes), and the ring
// turns grey and stays grey after a reload; A sees B among the viewers and deletes the stories;
// B no longer sees them.

import { type Locator, type Page } from '@playwright/test'
import { checkA11y } from './support/axe'
import { openSignedIn, reloadApp, ui, waitForFeed } from './support/app'
import { createUser, follow, postStoryAs, type TestUser } from './support/backend'
import { photoPng } from './fixtures/images'
import { expect, test } from './support/test'

// The story bar's fill is motion: the system allows it here.
test.use({ reducedMotion: 'no-preference' })

let author: TestUser
let watcher: TestUser

test.beforeAll(async () => {
  author = await createUser('storyauthor')
  watcher = await createUser('storywatcher')
  await follow(watcher, author)
  // A's first story, made through the data layer; the second is posted through the UI below.
  await postStoryAs(author, 'first light', 3)
})

const strip = (page: Page): Locator => page.getByRole('region', { name: 'Stories' })
const bubble = (page: Page, name: string): Locator =>
  strip(page).getByRole('button', { name, exact: true })
const viewer = (page: Page, username: string): Locator =>
  page.getByRole('dialog', { name: `Stories by ${username}` })

/** How far the current story's bar has filled, 0 to 1, from its computed transform. */
async function progressOf(page: Page): Promise<number> {
  return page.getByTestId('story-progress').evaluate((element) => {
    const web = globalThis as unknown as {
      getComputedStyle(target: unknown): { transform: string }
    }
    const transform = web.getComputedStyle(element).transform
    const match = /^matrix\(([^,]+),/.exec(transform)
    return match ? Number(match[1]) : 0
  })
}

test('a story goes from its author to a follower and back, then is deleted', async ({
  browser
}, testInfo) => {
  // A posts a story from the "Your story" bubble.
  const authorPage = await (await browser.newContext()).newPage()
  await openSignedIn(authorPage, author)
  await expect(bubble(authorPage, 'Your story')).toBeVisible()
  await bubble(authorPage, 'Your story').getByTestId('story-ring').waitFor()
  await strip(authorPage).getByRole('button', { name: 'Add another story' }).click()
  const create = authorPage.getByRole('dialog', { name: 'Add to your story' })
  await expect(create).toBeVisible()
  const photo = photoPng(5, 240)
  await ui.fileInput(authorPage).setInputFiles({
    name: photo.name,
    mimeType: photo.mimeType,
    buffer: photo.buffer
  })
  await expect(create.getByRole('img', { name: 'Preview of your story' })).toBeVisible()
  await create.getByLabel('Text on your story (optional)').fill('good morning')
  await checkA11y(authorPage, 'add to your story', testInfo)
  await create.getByRole('button', { name: 'Share to story' }).click()
  await expect(create).toBeHidden()
  await expect(bubble(authorPage, 'Your story').getByTestId('story-ring')).toHaveClass(
    /ring--unviewed/
  )

  // B sees A's unseen ring and watches with the keyboard alone.
  const watcherPage = await (await browser.newContext()).newPage()
  await openSignedIn(watcherPage, watcher)
  const ring = (page: Page, viewed: boolean): Locator =>
    bubble(page, `${author.username}'s story${viewed ? ', viewed' : ''}`).getByTestId('story-ring')
  await expect(ring(watcherPage, false)).toHaveClass(/ring--unviewed/)
  await bubble(watcherPage, `${author.username}'s story`).focus()
  await watcherPage.keyboard.press('Enter')
  const watching = viewer(watcherPage, author.username)
  await expect(watching).toBeVisible()
  await expect(watching.getByText(`Story 1 of 2 by ${author.username}`)).toBeAttached()
  await expect(watching.getByRole('img', { name: 'first light' })).toBeVisible()
  await expect.poll(() => progressOf(watcherPage)).toBeGreaterThan(0.05)

  // Paused, the bar stands still; the viewer passes axe while it does.
  await watcherPage.keyboard.press('Space')
  const held = await progressOf(watcherPage)
  await watcherPage.waitForTimeout(300)
  expect(await progressOf(watcherPage)).toBeCloseTo(held, 2)
  await checkA11y(watcherPage, 'story viewer', testInfo)
  await watcherPage.keyboard.press('Space')

  await watcherPage.keyboard.press('ArrowRight')
  await expect(watching.getByText(`Story 2 of 2 by ${author.username}`)).toBeAttached()
  await expect(watching.getByRole('img', { name: 'good morning' })).toBeVisible()
  await watcherPage.keyboard.press('Escape')
  await expect(watching).toBeHidden()
  await expect(ring(watcherPage, true)).toHaveClass(/ring--viewed/)
  await reloadApp(watcherPage)
  await waitForFeed(watcherPage)
  await expect(ring(watcherPage, true)).toHaveClass(/ring--viewed/)

  // A sees B among the viewers, then deletes both stories.
  await reloadApp(authorPage)
  await waitForFeed(authorPage)
  await bubble(authorPage, 'Your story').click()
  const own = viewer(authorPage, author.username)
  await expect(own).toBeVisible()
  await authorPage.keyboard.press('Space')
  await own.getByRole('button', { name: 'Seen by 1' }).click()
  await expect(own.getByRole('region', { name: 'Viewers' })).toContainText(watcher.username)
  for (const remaining of [2, 1]) {
    await expect(own.getByText(new RegExp(`Story \\d of ${remaining} by`))).toBeAttached()
    await own.getByRole('button', { name: 'Delete story' }).click()
    await own.getByRole('button', { name: 'Delete', exact: true }).click()
  }
  await expect(own).toBeHidden()
  await expect(bubble(authorPage, 'Add to your story')).toBeVisible()

  // Gone for B: with no real stories left, the strip is back to the sample people.
  await reloadApp(watcherPage)
  await waitForFeed(watcherPage)
  await expect(strip(watcherPage).getByText(author.username)).toHaveCount(0)
  await expect(bubble(watcherPage, 'Add to your story')).toBeVisible()
})
