// Shared by the auth and storage suites: a real backend on PGlite or PostgreSQL 15 and the
// unmodified supabase-js client pointed at it.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startBackend, type BackendOptions, type RunningBackend } from '../../src/backend/server'
import { createTestDatabase, MIGRATIONS_DIR, type DatabaseKind } from './databases'

/** Node 20 has no WebSocket: supabase-js refuses to start without a realtime transport. */
class NoRealtime {
  readyState = 3
  constructor(_url: string) {}
  close(): void {}
  send(): void {}
}

export function clientFor(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: NoRealtime as never }
  })
}

export interface Harness {
  backend: RunningBackend
  dataDir: string | null
  anon(): SupabaseClient
  close(): Promise<void>
}

export async function startHarness(
  kind: DatabaseKind,
  postgresUrl: string,
  options: Partial<BackendOptions> & { withDataDir?: boolean } = {}
): Promise<Harness> {
  const dataDir = options.withDataDir ? await mkdtemp(join(tmpdir(), 'instaframe-test-')) : null
  const backend = await startBackend({
    dataDir,
    port: 0,
    migrationsDir: MIGRATIONS_DIR,
    databaseUrl: kind === 'postgres' ? await createTestDatabase(postgresUrl) : undefined,
    config: options.config
  })
  return {
    backend,
    dataDir,
    anon: () => clientFor(backend.url, backend.anonKey),
    async close() {
      await backend.close()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    }
  }
}

let counter = 0
/** A fresh address per call, so suites never collide on the unique email. */
export function uniqueEmail(name = 'user'): string {
  counter += 1
  return `${name}.${Date.now().toString(36)}.${counter}@example.com`
}

export interface SignedIn {
  client: SupabaseClient
  userId: string
  accessToken: string
  refreshToken: string
}

/** A username the profile trigger accepts and no other test uses. */
export function uniqueUsername(name = 'user'): string {
  counter += 1
  return `${name}_${Date.now().toString(36)}${counter}`.slice(0, 30)
}

export async function signUpAndIn(
  harness: Harness,
  name: string,
  password = 'secret123'
): Promise<SignedIn & { username: string }> {
  const client = harness.anon()
  const username = uniqueUsername(name)
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail(username),
    password,
    options: { data: { username, full_name: `${username} Test` } }
  })
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up gave no session')
  return {
    client,
    username,
    userId: data.user.id,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token
  }
}

/** Decodes a JWT's payload without verifying it (tests look at the claims). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
}
