// Settings › Accessibility (docs/product.md): motion, contrast and text size follow the system
// (emulated here with Playwright's media emulation) until chosen, apply at once and survive a
// reload; the alt-text reminder beside Share can be dismissed or turned off. axe with more
// contrast and larger text in dark (settings.e2e.ts covers the section in light and dark).

import { type Page } from '@playwright/test'
import { photoPng } from './fixtures/images'
import { chooseFile, discardPost, openCreatePost, openSignedIn, reloadApp, ui } from './support/app'
import { axeSummary, checkA11y } from './support/axe'
import { createUser, type TestUser } from './support/backend'
import { expect, test } from './support/test'

let user: TestUser

test.beforeAll(async () => {
  user = await createUser('access')
})

test.afterAll(() => {
  console.log(axeSummary())
})

const rootData = (page: Page) =>
  page.evaluate(() => ({
    ...(
      globalThis as unknown as {
        document: { documentElement: { dataset: Record<string, string> } }
      }
    ).document.documentElement.dataset
  }))

/** The computed value of `property` on the first element matching `selector`. */
const computed = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(
      (element, property) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }
        ).getComputedStyle(element)[property],
      property
    )

async function openAccessibility(page: Page): Promise<void> {
  await page.keyboard.press('Control+,')
  await page
    .getByRole('navigation', { name: 'Settings' })
    .getByRole('link', { name: 'Accessibility' })
    .click()
  await expect(page.getByRole('heading', { level: 2, name: 'Accessibility' })).toBeVisible()
}

test('reduced motion follows the system, and a choice in Settings overrides it', async ({
  appPage: page
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openSignedIn(page, user)
  expect(await rootData(page)).toMatchObject({ motion: 'reduce' })
  // Animations end at once: the account menu's fade-in is cut to nothing.
  await page.getByRole('button', { name: 'Account menu' }).click()
  expect(await computed(page, '[role="menu"]', 'animationDuration')).toBe('1e-05s')
  await page.keyboard.press('Escape')

  await openAccessibility(page)
  await page.getByLabel('Motion').selectOption({ label: 'Allow motion' })
  expect(await rootData(page)).toMatchObject({ motion: 'full' })
  await page.getByRole('button', { name: 'Account menu' }).click()
  expect(await computed(page, '[role="menu"]', 'animationDuration')).not.toBe('1e-05s')
  await page.keyboard.press('Escape')

  // Kept for the next start.
  await reloadApp(page)
  expect(await rootData(page)).toMatchObject({ motion: 'full' })
  await openAccessibility(page)
  await page.getByLabel('Motion').selectOption({ label: 'Same as system' })
  expect(await rootData(page)).toMatchObject({ motion: 'reduce' })
})

test('more contrast and larger text apply at once, in light and dark', async ({
  appPage: page
}, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await openSignedIn(page, user)
  await openAccessibility(page)
  const intro = 'main p'
  const before = await computed(page, intro, 'color')
  expect(await computed(page, intro, 'fontSize')).toBe('14px')

  await page.getByLabel('Contrast').selectOption({ label: 'More contrast' })
  await page.getByLabel('Text size').selectOption({ label: 'Larger' })
  expect(await rootData(page)).toMatchObject({ contrast: 'more', textSize: 'larger' })
  // Secondary text is lighter on the dark background, and 1.3 times the size (polled: the
  // colour may still be on its way through a transition when first read).
  await expect.poll(() => computed(page, intro, 'color')).not.toBe(before)
  await expect.poll(() => computed(page, intro, 'fontSize')).toBe('18.2px')
  await checkA11y(page, 'settings: accessibility (dark, more contrast, larger text)', testInfo)

  // The system's own "more contrast" is followed by default.
  await page.getByLabel('Contrast').selectOption({ label: 'Same as system' })
  await page.getByLabel('Text size').selectOption({ label: 'Default' })
  await page.emulateMedia({ colorScheme: 'dark', contrast: 'more' })
  await expect.poll(async () => (await rootData(page)).contrast).toBe('more')
})

test('the alt-text reminder sits beside Share: dismissed for a post, or turned off', async ({
  appPage: page
}) => {
  await openSignedIn(page, user)
  const dialog = await openCreatePost(page)
  await chooseFile(page, photoPng(4))
  const reminder = dialog.getByRole('region', { name: 'Alt text reminder' })
  // It waits until the post is being written.
  await expect(reminder).toHaveCount(0)
  await ui.caption(page).fill('Green')
  await expect(reminder).toContainText('Your photo has no alt text.')
  // Never a wall: Share stays enabled with it up.
  await expect(dialog.getByRole('button', { name: 'Share', exact: true })).toBeEnabled()
  await reminder.getByRole('button', { name: 'Add alt text' }).click()
  await expect(dialog.getByRole('textbox', { name: 'Alt text' })).toBeFocused()
  await page.keyboard.type('A green square')
  await expect(reminder).toHaveCount(0)
  await dialog.getByRole('textbox', { name: 'Alt text' }).fill('')
  await expect(reminder).toBeVisible()
  await reminder.getByRole('button', { name: 'Not now' }).click()
  await expect(reminder).toHaveCount(0)
  // The keyboard stays in the dialog when the button goes.
  await expect(ui.caption(page)).toBeFocused()

  // Leaving with a photo chosen asks "Discard post?" first.
  await page.keyboard.press('Escape')
  await discardPost(page)
  const again = await openCreatePost(page)
  await chooseFile(page, photoPng(5))
  await ui.caption(page).fill('Green again')
  await again.getByRole('button', { name: "Don't remind me" }).click()
  await expect(again.getByRole('region', { name: 'Alt text reminder' })).toHaveCount(0)
  await again.getByRole('button', { name: 'Close' }).click()
  await discardPost(page)
  await openAccessibility(page)
  await expect(page.getByRole('switch', { name: 'Remind me to add alt text' })).not.toBeChecked()
  await page.getByRole('switch', { name: 'Remind me to add alt text' }).check()
})
