// The `test` every browser spec imports: Playwright's, with one app instance per worker (a
// backend and the web build served over it, see instance.ts), started before the worker's
// first spec and stopped after its last. Workers never share a backend, so specs in parallel
// see only their own worker's users and posts; backend.ts reads the instance from E2E_*.

import { test as base } from '@playwright/test'
import { usePreparedDatabases } from '../../support/prepared-databases'
import { E2E_BACKEND_CONFIG, startWebInstance } from './instance'

export const test = base.extend<{ closeOwnContexts: void }, { workerInstance: void }>({
  // A context a spec opens itself (browser.newContext(), browser.newPage()) is closed when the
  // spec ends, as Playwright closes its own `context`: left open, its page would keep the app
  // running (realtime, timers) beside every later spec of the worker.
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts())
      await use()
      const opened = browser.contexts().filter((context) => !before.has(context))
      await Promise.all(opened.map((context) => context.close()))
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
