// A running backend plus supabase-js clients for REST tests. The auth API is not used: users
// are inserted into auth.users as superuser (the sign-up trigger creates their profile) and
// access tokens are minted with the backend's own JWT keys.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import type { BackendConfig } from '../../../src/backend/context'
import { startBackend, type RunningBackend } from '../../../src/backend/server'
import { signJwt } from '../../../src/backend/jwt'
import { createTestDatabase, MIGRATIONS_DIR, type DatabaseKind } from '../../support/databases'

/**
 * Node 20 has no global WebSocket and realtime-js refuses to start without one.
 * These tests never subscribe, so the transport is never constructed.
 */
class NoRealtimeTransport {
  constructor() {
    throw new Error('Realtime is not used in REST tests')
  }
}

export interface TestUser {
  id: string
  username: string
  token: string
  client: SupabaseClient
}

export interface RestEnv {
  backend: RunningBackend
  url: string
  /** A client with only the anon key, as a signed-out app. */
  anon: SupabaseClient
  /** A client with the service_role key (bypasses RLS), for setting up data. */
  service: SupabaseClient
  createUser(username: string, fullName?: string): Promise<TestUser>
  /** A raw fetch against /rest/v1 with the anon key, for requests supabase-js cannot make. */
  rawFetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

export function makeClient(url: string, key: string, token?: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeTransport as never },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined
  })
}

export async function startRestEnv(
  kind: DatabaseKind,
  postgresUrl: string,
  config?: Partial<BackendConfig>
): Promise<RestEnv> {
  const databaseUrl = kind === 'postgres' ? await createTestDatabase(postgresUrl) : undefined
  const backend = await startBackend({
    dataDir: null,
    port: 0,
    migrationsDir: MIGRATIONS_DIR,
    databaseUrl,
    config
  })
  const url = backend.url
  return {
    backend,
    url,
    anon: makeClient(url, backend.anonKey),
    service: makeClient(url, backend.anonKey, backend.serviceRoleKey),
    async createUser(username, fullName = `${username} Test`) {
      const id = randomUUID()
      await backend.db.query(
        `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at)
         values ($1, $2, $3, now())`,
        [id, `${username}@example.com`, JSON.stringify({ username, full_name: fullName })]
      )
      const token = await signJwt(backend.context.keys, {
        role: 'authenticated',
        sub: id,
        aud: 'authenticated'
      })
      return { id, username, token, client: makeClient(url, backend.anonKey, token) }
    },
    rawFetch(path, init = {}) {
      const headers = new Headers(init.headers)
      if (!headers.has('apikey')) headers.set('apikey', backend.anonKey)
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${backend.anonKey}`)
      return fetch(`${url}/rest/v1/${path}`, { ...init, headers })
    },
    close: () => backend.close()
  }
}
