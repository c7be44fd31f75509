// The `test` every browser spec imports: Playwright's, with one app instance per worker (a
// backend and the web build served over it, see instance.ts), started before the worker's
// first spec and stopped after its last. Workers never share a backend, so specs in parallel
// see only their own worker's users and posts; backend.ts reads the instance from E2E_*.

import { test as base, type Page } from '@playwright/test'
import { usePreparedDatabases } from '../../support/prepared-databases'
import { E2E_BACKEND_CONFIG, startWebInstance } from './instance'
import { SharedPages, sharedContexts } from './shared-page'

export const test = base.extend<
  {
    closeOwnContexts: void
    giveBackPages: void
    appPage: Page
    otherPage: () => Promise<Page>
  },
  { workerInstance: void; sharedPages: SharedPages }
>({
  // A context a spec opens itself (browser.newContext(), browser.newPage()) is closed when the
  // spec ends, as Playwright closes its own `context`: left open, its page would keep the app
  // running (realtime, timers) beside every later spec of the worker.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts())
      await use()
      const opened = browser
        .contexts()
        .filter((context) => !before.has(context) && !sharedContexts.has(context))
      await Promise.all(opened.map((context) => context.close()))
    },
    { auto: true }
  ],
  // The worker's pages, reset, instead of pages of the spec's own (shared-page.ts): for a spec
  // that opens the app in them and adds nothing a reset cannot take away. `appPage` is one;
  // each call of `otherPage` lends one more (another person beside it, or the first). Both take
  // the spec's `test.use` viewport and reduced motion.
  appPage: async ({ sharedPages, viewport, reducedMotion }, use) => {
    await use(await sharedPages.borrow({ viewport, reducedMotion }))
  },
  otherPage: async ({ sharedPages, viewport, reducedMotion }, use) => {
    await use(() => sharedPages.borrow({ viewport, reducedMotion }))
  },
  sharedPages: [
    async ({ browser, workerInstance }, use) => {
      void workerInstance
      const pages = new SharedPages(browser)
      await use(pages)
      await pages.close()
    },
    { scope: 'worker' }
  ],
  // Given back after the spec, whichever of the pages above it borrowed.
  giveBackPages: [
    async ({ sharedPages }, use, testInfo) => {
      await use()
      await sharedPages.giveBackAll(testInfo)
    },
    { auto: true }
  ],
  workerInstance: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // From global-setup's migrated data directory, not initdb and every migration again.
      usePreparedDatabases({
        pgliteSnapshotFile: process.env.E2E_PGLITE_SNAPSHOT ?? '',
        postgresTemplate: ''
      })
      const instance = await startWebInstance(E2E_BACKEND_CONFIG)
      process.env.E2E_WEB_URL = instance.webUrl
      process.env.E2E_API_URL = instance.apiUrl
      process.env.E2E_ANON_KEY = instance.anonKey
      process.env.E2E_SERVICE_KEY = instance.serviceKey
      await use()
      await instance.close()
    },
    { scope: 'worker', auto: true, timeout: 300_000 }
  ]
})

export { expect } from '@playwright/test'
