// REST tests' view of a running backend: supabase-js clients as anon, as service_role and as
// users inserted with SQL (the auth API is not what these tests are about), and raw requests.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { RunningBackend } from '../../src/backend/server'
import { insertUser, testClient, type Harness, type InsertedUser } from './backend-harness'

export interface TestUser extends InsertedUser {
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
}

export function restEnvOn(harness: Harness): RestEnv {
  const { backend } = harness
  const url = backend.url
  return {
    backend,
    url,
    anon: testClient(url, backend.anonKey),
    service: testClient(url, backend.anonKey, { token: backend.serviceRoleKey }),
    async createUser(username, fullName) {
      const user = await insertUser(backend, username, fullName)
      return { ...user, client: testClient(url, backend.anonKey, { token: user.token }) }
    },
    rawFetch(path, init = {}) {
      const headers = new Headers(init.headers)
      if (!headers.has('apikey')) headers.set('apikey', backend.anonKey)
      if (!headers.has('authorization')) headers.set('authorization', `Bearer ${backend.anonKey}`)
      return fetch(`${url}/rest/v1/${path}`, { ...init, headers })
    }
  }
}
