// One copy of the app for browser specs: an in-memory local backend and the web build (made once
// per run by global-setup.ts) served on a free port with a config pointing at that backend.

import { authConfigWith } from '../../../src/backend/auth/config'
import type { BackendConfig } from '../../../src/backend/context'
import { DEFAULT_REST_LIMITS } from '../../../src/backend/request-limits'
import { WEB_BUILD_DIR } from '../../../scripts/lib/build-web'
import { serveWebBuild } from '../../../scripts/lib/static-server'
import { startHarness } from '../../support/backend-harness'

export interface WebInstance {
  webUrl: string
  apiUrl: string
  anonKey: string
  serviceKey: string
  close(): Promise<void>
}

/**
 * A worker's backend: its specs sign up and in many times from one address (rate limits), and
 * share two cores with a browser and the other worker, where a post's write can take longer than
 * the 2 s a request may keep the database on a served machine. The budget and the queue's wait
 * are proven in tests/integration (hardening); the browser specs are about something else.
 */
export const E2E_BACKEND_CONFIG: Partial<BackendConfig> = {
  auth: authConfigWith({ rateLimits: { signInSignUps: 10_000, tokenRefresh: 10_000 } }),
  rest: { ...DEFAULT_REST_LIMITS, requestBudgetMs: 30_000, queueTimeoutMs: 30_000 }
}

export async function startWebInstance(config?: Partial<BackendConfig>): Promise<WebInstance> {
  const { backend, close } = await startHarness('pglite', '', { config })
  try {
    const web = await serveWebBuild(WEB_BUILD_DIR, {
      supabaseUrl: backend.url,
      supabaseAnonKey: backend.anonKey,
      // A second of splash per page load is only waiting; splash.e2e.ts asks for it back.
      splashMs: 0
    })
    // The web build is served on a free port: let that page call the backend (CORS).
    backend.allowOrigin(new URL(web.url).origin)
    return {
      webUrl: web.url,
      apiUrl: backend.url,
      anonKey: backend.anonKey,
      serviceKey: backend.serviceRoleKey,
      async close() {
        await web.close()
        await close()
      }
    }
  } catch (error) {
    await close()
    throw error
  }
}
