// The worker's lent page (support/shared-page.ts) comes back to the next spec as a new page
// would: what one spec leaves in it (every kind of storage, a route, colours, viewport,
// offline, a permission, a listener) is gone, and a spec's `test.use` viewport and motion are
// the page's. Serial: the specs run in one worker, in order.

import { e2eEnv } from './support/backend'
import { expect, test } from './support/test'

test.describe.configure({ mode: 'serial' })

/** The page's globals; tsconfig.node.json has no DOM library. */
type Web = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, v: string): void }
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, v: string): void }
  indexedDB: {
    databases(): Promise<{ name?: string }[]>
    open(name: string): { onsuccess: (() => void) | null }
  }
  caches: { keys(): Promise<string[]>; open(name: string): Promise<unknown> }
  document: { cookie: string }
  navigator: {
    onLine: boolean
    permissions: { query(d: { name: string }): Promise<{ state: string }> }
  }
  innerWidth: number
  matchMedia(query: string): { matches: boolean }
}

let used: unknown
/** Dialogs a listener of the first spec heard. */
const heard: string[] = []

test('a spec leaves storage, a route, colours, viewport, offline and a listener in the page', async ({
  appPage: page
}) => {
  used = page
  const databases = await page.evaluate(async () => {
    const w = globalThis as unknown as Web
    w.localStorage.setItem('left', 'behind')
    w.sessionStorage.setItem('left', 'behind')
    await new Promise<void>((resolve) => {
      w.indexedDB.open('left-behind').onsuccess = () => resolve()
    })
    await w.caches.open('left-behind')
    w.document.cookie = 'left=behind'
    return (await w.indexedDB.databases()).length
  })
  expect(databases).toBe(1)
  await page.route('**/config.json', (route) => route.fulfill({ status: 500, body: 'routed' }))
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'no-preference', contrast: 'more' })
  await page.setViewportSize({ width: 500, height: 400 })
  await page.context().grantPermissions(['geolocation'])
  await page.context().setOffline(true)
  page.on('dialog', (dialog) => {
    heard.push(dialog.message())
    void dialog.dismiss()
  })
  expect(await page.evaluate(() => (globalThis as unknown as Web).navigator.onLine)).toBe(false)
})

test('the next spec gets the same page back as a new page would be', async ({ appPage: page }) => {
  expect(page).toBe(used)
  const response = await page.goto(new URL('config.json', e2eEnv().webUrl).href)
  expect(response?.status()).toBe(200)
  const state = await page.evaluate(async () => {
    const w = globalThis as unknown as Web
    return {
      local: w.localStorage.getItem('left'),
      session: w.sessionStorage.getItem('left'),
      databases: (await w.indexedDB.databases()).map((db) => db.name),
      caches: await w.caches.keys(),
      cookie: w.document.cookie,
      online: w.navigator.onLine,
      geolocation: (await w.navigator.permissions.query({ name: 'geolocation' })).state,
      width: w.innerWidth,
      dark: w.matchMedia('(prefers-color-scheme: dark)').matches,
      reduced: w.matchMedia('(prefers-reduced-motion: reduce)').matches,
      moreContrast: w.matchMedia('(prefers-contrast: more)').matches
    }
  })
  expect(state).toEqual({
    local: null,
    session: null,
    databases: [],
    caches: [],
    cookie: '',
    online: true,
    geolocation: 'prompt',
    width: 1280,
    dark: false,
    reduced: true,
    moreContrast: false
  })
  // Playwright dismisses a dialog nobody listens for; the first spec's listener is gone.
  await page.evaluate(() => (globalThis as unknown as { alert(m: string): void }).alert('hi'))
  expect(heard).toEqual([])
})

test.describe('with a viewport and motion of its own', () => {
  test.use({ viewport: { width: 900, height: 600 }, reducedMotion: 'no-preference' })

  test('a spec’s test.use reaches its lent pages as it would its own page', async ({
    appPage: page,
    otherPage
  }) => {
    expect(page).toBe(used)
    for (const lent of [page, await otherPage()]) {
      const state = await lent.evaluate(() => {
        const w = globalThis as unknown as Web
        return {
          width: w.innerWidth,
          reduced: w.matchMedia('(prefers-reduced-motion: reduce)').matches
        }
      })
      expect(state).toEqual({ width: 900, reduced: false })
    }
  })
})
