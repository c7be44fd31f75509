// Create at 1280×800: one screen where the crop, every filter, the adjustments, the caption, the
// alt text and Share are all in view while the title bar stays; the alt-text reminder waits for
// a caption; Escape asks "Discard post?" also once focus fell to the page.

import type { Locator, Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import { chooseFile, openCreatePost, signInViaUi, ui, waitForFeed } from './support/app'
import { createUser, e2eEnv, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('composer')
})

/** Wholly on screen: not off the window, nor clipped by a scrolling column. */
const fullyInView = (locator: Locator) => expect(locator).toBeInViewport({ ratio: 0.99 })

// The first page of a worker on a busy machine may take more than the usual 5 s to draw.
async function openSignedIn(page: Page, who: TestUser): Promise<void> {
  await page.goto(e2eEnv().webUrl)
  await expect(ui.header(page)).toBeVisible({ timeout: 30_000 })
  await signInViaUi(page, who)
  await waitForFeed(page)
}

async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` })
}

test('every control is in view at 1280×800, under a title bar that stays', async ({
  appPage: page
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(5, 320))
  const reminder = dialog.getByRole('region', { name: 'Alt text reminder' })
  await expect(ui.caption(page)).toBeFocused()
  // Framing the photo is not the time for the reminder.
  await expect(reminder).toHaveCount(0)

  const title = dialog.getByRole('heading', { name: 'Create new post' })
  await fullyInView(dialog.getByRole('img', { name: 'Preview of the selected image' }))
  await fullyInView(dialog.getByRole('group', { name: 'Crop' }))
  for (const filter of await dialog.getByRole('tabpanel').getByRole('button').all()) {
    await fullyInView(filter)
  }
  await fullyInView(ui.caption(page))
  await fullyInView(dialog.getByRole('textbox', { name: 'Alt text' }))
  await ui.caption(page).fill('Evening light')
  await expect(reminder).toBeVisible()
  await fullyInView(reminder)
  await fullyInView(ui.share(page))
  await fullyInView(title)
  await shoot(page, 'create-light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await shoot(page, 'create-dark')
  await page.emulateMedia({ colorScheme: 'light' })

  await dialog.getByRole('tab', { name: 'Adjustments' }).click()
  for (const slider of await dialog.getByRole('slider').all()) await fullyInView(slider)
  await fullyInView(title)
})

test('Escape asks "Discard post?" with the reminder up, also once focus fell to the page', async ({
  appPage: page
}) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(6))
  await ui.caption(page).fill('Almost')
  await expect(dialog.getByRole('region', { name: 'Alt text reminder' })).toBeVisible()
  // As when the control that had focus goes away: the page has it, not the dialog.
  await page.evaluate(() => {
    const web = globalThis as unknown as { document: { activeElement: { blur(): void } } }
    web.document.activeElement.blur()
  })
  await page.keyboard.press('Escape')
  const question = page.getByRole('dialog', { name: 'Discard post?' })
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(ui.caption(page)).toHaveValue('Almost')
})
