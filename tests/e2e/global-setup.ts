// Playwright global setup for the browser specs: a fresh in-memory local backend and the web
// build served with a config pointing at it. Specs read E2E_WEB_URL / E2E_API_URL.

import { buildWebApp, WEB_BUILD_DIR } from '../../scripts/lib/build-web'
import { authConfigWith } from '../../src/backend/auth/config'
import { serveWebBuild } from '../../scripts/lib/static-server'
import { startHarness } from '../support/backend-harness'

export default async function globalSetup(): Promise<() => Promise<void>> {
  const { backend } = await startHarness('pglite', '', {
    // The suite signs up and in many times from one address.
    config: {
      auth: authConfigWith({ rateLimits: { signInSignUps: 10_000, tokenRefresh: 10_000 } })
    }
  })
  await buildWebApp()
  const web = await serveWebBuild(WEB_BUILD_DIR, {
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey
  })
  // The web build is served on a free port: let that page call the backend (CORS).
  backend.allowOrigin(new URL(web.url).origin)
  process.env.E2E_WEB_URL = web.url
  process.env.E2E_API_URL = backend.url
  process.env.E2E_ANON_KEY = backend.anonKey
  process.env.E2E_SERVICE_KEY = backend.serviceRoleKey
  return async () => {
    await web.close()
    await backend.close()
  }
}
