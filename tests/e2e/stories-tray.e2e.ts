// The stories tray shows whole bubbles only, and when they overflow, round "Previous stories" /
// "Next stories" arrows over its edges scroll a page of bubbles, each hidden at its end and both
// reachable from the keyboard (docs/product.md, "Stories").

import { type Locator } from '@playwright/test'
import { expect, test } from './support/test'
import { openSignedIn, shootBothThemes } from './support/app'
import { createUser, type TestUser } from './support/backend'

let viewer: TestUser

test.beforeAll(async () => {
  // No one followed: "Your story" and the 8 sample people, 9 bubbles in a tray that holds 6.
  viewer = await createUser('trayviewer')
})

test.use({ viewport: { width: 1280, height: 800 } })

/** The bubbles the tray's edges cut: neither wholly inside it nor wholly outside. */
function cutBubbles(tray: Locator): Promise<string[]> {
  return tray.evaluate((list) => {
    const box = list.getBoundingClientRect()
    return [...list.children]
      .filter((item) => {
        const { left, right } = item.getBoundingClientRect()
        const inside = left >= box.left - 0.5 && right <= box.right + 0.5
        const outside = right <= box.left + 0.5 || left >= box.right - 0.5
        return !inside && !outside
      })
      .map((item) => item.textContent ?? '')
  })
}

/** Waits for the tray to come to rest after a page. */
async function settled(tray: Locator): Promise<void> {
  let last = -1
  await expect
    .poll(async () => {
      const now = await tray.evaluate((list) => list.scrollLeft)
      const still = now === last
      last = now
      return still
    })
    .toBe(true)
}

test('the tray shows whole bubbles and pages with its arrows, by mouse and keyboard', async ({
  page
}) => {
  await openSignedIn(page, viewer)
  const strip = page.getByRole('region', { name: 'Stories' })
  const tray = strip.getByRole('list')
  await expect(tray.getByRole('listitem')).toHaveCount(9)
  const next = strip.getByRole('button', { name: 'Next stories' })
  const previous = strip.getByRole('button', { name: 'Previous stories' })

  await expect(next).toBeVisible()
  await expect(previous).toBeHidden()
  expect(await cutBubbles(tray)).toEqual([])
  // The arrow sits over the tray's right edge, level with the rings.
  const [arrowBox, trayBox, ringBox] = await Promise.all([
    next.boundingBox(),
    tray.boundingBox(),
    tray.getByTestId('story-ring').first().boundingBox()
  ])
  expect(arrowBox!.x + arrowBox!.width).toBeGreaterThan(trayBox!.x + trayBox!.width - 40)
  expect(
    Math.abs(arrowBox!.y + arrowBox!.height / 2 - (ringBox!.y + ringBox!.height / 2))
  ).toBeLessThan(4)
  await shootBothThemes(page, 'stories-tray-start')

  await next.click()
  await settled(tray)
  await expect(next).toBeHidden()
  await expect(previous).toBeVisible()
  expect(await cutBubbles(tray)).toEqual([])
  await shootBothThemes(page, 'stories-tray-end')

  // The keyboard: the arrow that reaches its end hands focus to the other one.
  await previous.focus()
  await page.keyboard.press('Enter')
  await settled(tray)
  await expect(previous).toBeHidden()
  await expect(next).toBeFocused()
  expect(await cutBubbles(tray)).toEqual([])
  await page.keyboard.press('Enter')
  await settled(tray)
  await expect(previous).toBeFocused()
})
