// One browser page per worker that specs may borrow in turn (the `appPage` fixture of test.ts).
// A page's first load of the app costs its renderer process, a cold HTTP cache and the bundle
// compiled from nothing: about four CPU seconds more than loading the app again in a page that
// already had it. A spec that borrows this page gets it back to a known state first: on the
// app's origin with no app running, no storage of any kind, no routes, the spec's viewport and
// motion (its `test.use`, else the defaults), the default colours, online, no permissions. What cannot be undone on a page (an init
// script, a fake clock, listeners a spec added) is why such specs keep their own `page`.

import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  TestInfo
} from '@playwright/test'
import { e2eEnv } from './backend'

/** As playwright.config.ts's `use` and Playwright's defaults give every spec's own context. */
const VIEWPORT = { width: 1280, height: 720 }

/** The spec's `test.use` options a lent page takes too, as a page of its own would have them. */
export type LentOptions = Pick<BrowserContextOptions, 'viewport' | 'reducedMotion'>

/** The page events specs listen to (console lines, requests, dialogs, errors). */
const LISTENED_EVENTS = [
  'console',
  'dialog',
  'pageerror',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
  'websocket'
] as const

/** Contexts that outlive a spec: test.ts's `closeOwnContexts` leaves them open. */
export const sharedContexts = new WeakSet<BrowserContext>()

/**
 * A page of the app's origin that starts no app (as openSignedIn uses): its storage can be wiped
 * with no app holding it open, and the next load of the app stays in the same renderer.
 */
function blankOf(webUrl: string): string {
  return new URL('config.json', webUrl).href
}

/** What would keep the page from loading the origin's blank page: routes, offline. */
async function unblock(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.context().unrouteAll({ behavior: 'ignoreErrors' })
  await page.context().setOffline(false)
}

/** One slot of the pool: its own context (a person's own storage), kept across specs. */
class Slot {
  private page: Page | null = null

  constructor(private readonly browser: Browser) {}

  private async open(): Promise<Page> {
    const context = await this.browser.newContext({ reducedMotion: 'reduce', viewport: VIEWPORT })
    sharedContexts.add(context)
    return context.newPage()
  }

  /** The page, reset; a new one if the last spec closed it. */
  async borrow(options: LentOptions): Promise<Page> {
    if (!this.page || this.page.isClosed()) this.page = await this.open()
    const page = this.page
    const context = page.context()
    await unblock(page)
    await context.clearCookies()
    await context.clearPermissions()
    const { webUrl } = e2eEnv()
    if (page.url() !== blankOf(webUrl)) await page.goto(blankOf(webUrl))
    const cdp = await context.newCDPSession(page)
    try {
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(webUrl).origin,
        storageTypes: 'all'
      })
    } finally {
      await cdp.detach()
    }
    // Session storage belongs to the tab, not the origin's storage above.
    await page.evaluate(() =>
      (globalThis as unknown as { sessionStorage: { clear(): void } }).sessionStorage.clear()
    )
    await page.emulateMedia({
      media: 'screen',
      colorScheme: 'light',
      reducedMotion: options.reducedMotion ?? 'reduce',
      forcedColors: 'none',
      contrast: 'no-preference'
    })
    await page.setViewportSize(options.viewport ?? VIEWPORT)
    await page.mouse.move(0, 0)
    return page
  }

  /**
   * What Playwright keeps of a spec's own page (a screenshot on failure), then the app unloaded:
   * a page left open would run it (realtime, timers) beside later specs. A retry's trace needs
   * nothing here: Playwright traces every context of the worker's browser, lent ones included,
   * for a test that records one (and refuses a second tracing.start on them).
   */
  async giveBack(testInfo: TestInfo, name: string): Promise<void> {
    const page = this.page
    if (!page || page.isClosed()) return
    // Listeners a spec added would otherwise hear every later spec's page.
    for (const event of LISTENED_EVENTS) {
      await page.removeAllListeners(event, { behavior: 'ignoreErrors' })
    }
    if (testInfo.status !== testInfo.expectedStatus) {
      const path = testInfo.outputPath(`${name}-failed.png`)
      await page
        .screenshot({ path })
        .then(() => testInfo.attach(`${name} screenshot`, { path, contentType: 'image/png' }))
        .catch(() => undefined)
    }
    await unblock(page)
    try {
      await page.goto(blankOf(e2eEnv().webUrl))
    } catch {
      // A page that cannot even load that (crashed, hung) is not lent again.
      await this.close()
    }
  }

  async close(): Promise<void> {
    if (this.page) await this.page.context().close()
    this.page = null
  }
}

/**
 * The worker's pages: a spec borrows one as `appPage` and more, each a person of its own,
 * through `otherPage()`; all are given back when it ends.
 */
export class SharedPages {
  private readonly slots: Slot[] = []
  private lent = 0

  constructor(private readonly browser: Browser) {}

  async borrow(options: LentOptions = {}): Promise<Page> {
    if (this.lent === this.slots.length) this.slots.push(new Slot(this.browser))
    const slot = this.slots[this.lent]
    this.lent += 1
    return slot.borrow(options)
  }

  async giveBackAll(testInfo: TestInfo): Promise<void> {
    const lent = this.slots.slice(0, this.lent)
    this.lent = 0
    for (const [index, slot] of lent.entries()) await slot.giveBack(testInfo, `page-${index + 1}`)
  }

  async close(): Promise<void> {
    for (const slot of this.slots) await slot.close()
  }
}
