// The splash ('Loading Instagram...') is on screen for 1,000 ms from its first paint, whatever
// loading the code took before it. Measured with the page's own clock: the first animation
// frame after the splash enters the page is the frame that paints it (its time is at or before
// that paint), and it leaves when its element is removed (at or before the last frame showing
// it), so the difference is at most the time it was visible. Only the lower bound is asserted.

import { expect, test } from './support/test'
import { SPLASH_DURATION_MS } from '../../src/shared/limits'
import { MESSAGES, openApp } from './support/app'

interface SplashTimes {
  insertedAt: number | null
  paintedAt: number | null
  goneAt: number | null
}

/** The page's globals the probe uses (the spec compiles without the DOM's types). */
interface PageGlobals {
  splashTimes: SplashTimes
  performance: { now(): number }
  requestAnimationFrame(callback: () => void): number
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList: boolean; subtree: boolean }): void
  }
  document: {
    querySelectorAll(selector: string): Iterable<{ textContent: string | null }>
  }
}

test('the splash stays 1 s on screen from its first paint, then the app', async ({ page }) => {
  // The specs' server turns the splash off (support/instance.ts): this page gets the config a
  // deployment serves, without that setting.
  await page.route('**/config.json', async (route) => {
    const { splashMs: _off, ...deployed } = await (await route.fetch()).json()
    await route.fulfill({ json: deployed })
  })
  await page.addInitScript((text) => {
    const page = globalThis as unknown as PageGlobals
    const times: SplashTimes = { insertedAt: null, paintedAt: null, goneAt: null }
    page.splashTimes = times
    const splashShown = (): boolean =>
      [...page.document.querySelectorAll('[role="status"]')].some((node) =>
        node.textContent?.includes(text)
      )
    new page.MutationObserver(() => {
      const shown = splashShown()
      if (shown && times.insertedAt === null) {
        times.insertedAt = page.performance.now()
        page.requestAnimationFrame(() => (times.paintedAt = page.performance.now()))
      } else if (!shown && times.insertedAt !== null && times.goneAt === null) {
        times.goneAt = page.performance.now()
      }
    }).observe(page.document, { childList: true, subtree: true })
  }, MESSAGES.loading)

  await openApp(page)
  const times = await page.evaluate(() => (globalThis as unknown as PageGlobals).splashTimes)
  expect(times.paintedAt).not.toBeNull()
  expect(times.goneAt).not.toBeNull()
  expect(times.goneAt! - times.paintedAt!).toBeGreaterThanOrEqual(SPLASH_DURATION_MS)
})
