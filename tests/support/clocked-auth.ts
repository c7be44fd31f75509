// A second HTTP server running createAuthApi with an injected clock over a running backend's
// context (and its mailbox), so tests of time windows (refresh-token reuse, rate limits, mail
// send intervals, code expiry, recent sign-in) advance time instead of sleeping.

import type { Server } from 'node:http'
import { createAuthApi } from '../../src/backend/auth'
import type { BackendConfig } from '../../src/backend/context'
import { CorsPolicy } from '../../src/backend/http/cors'
import { createGateway } from '../../src/backend/http/gateway'
import { createHttpServer, listen } from '../../src/backend/http/server'
import type { Harness } from './backend-harness'

export interface ClockedAuth {
  /** The server's base URL: point testClient at it (it serves /auth/v1 only). */
  url: string
  advance(ms: number): void
  close(): Promise<void>
}

export async function clockedAuth(
  harness: Harness,
  config: Partial<BackendConfig> = {}
): Promise<ClockedAuth> {
  let now = Date.now()
  const base = harness.backend.context
  const context = { ...base, config: { ...base.config, ...config } }
  const server: Server = createHttpServer(
    createAuthApi(context, { now: () => now, mailbox: harness.backend.mailbox }),
    // The same gateway as the backend's: supabase-js sends the key, raw callers must too.
    { cors: new CorsPolicy([]), gateway: createGateway(base.keys) }
  )
  const port = await listen(server, 0)
  return {
    url: `http://127.0.0.1:${port}`,
    advance: (ms) => {
      now += ms
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
