// The one way tests, the e2e setup and the bench start a backend in-process: the real backend
// on PGlite or on a new database of the test PostgreSQL 15 server, and the unmodified supabase-js
// client pointed at it. (tests/support/child-backend.ts runs the CLI as a separate process
// instead, for the tests that kill it.)

import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { BackendConfig } from '../../src/backend/context'
import { signJwt } from '../../src/backend/jwt'
import { startBackend, type RunningBackend } from '../../src/backend/server'
import { createTestDatabase, MIGRATIONS_DIR, type DatabaseKind } from './databases'

/** Node 20 has no WebSocket: supabase-js refuses to start without a realtime transport. */
class NoRealtime {
  readyState = 3
  constructor(_url: string) {}
  close(): void {}
  send(): void {}
}

export interface TestClientOptions {
  /** A fixed access token sent as the Authorization header (a user minted by insertUser). */
  token?: string
  /** supabase-js's third-party-auth hook: the client asks it for the token of every request. */
  accessToken?: () => Promise<string>
  fetch?: typeof fetch
}

/** supabase-js for a test process: no stored session, no refresh timer, no realtime socket. */
export function testClient(
  url: string,
  key: string,
  options: TestClientOptions = {}
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: options.accessToken,
    realtime: { transport: NoRealtime as never },
    global: {
      ...(options.token ? { headers: { Authorization: `Bearer ${options.token}` } } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {})
    }
  })
}

export interface HarnessOptions {
  config?: Partial<BackendConfig>
  /** A temporary data folder (PGlite files, stored objects), removed on close. */
  withDataDir?: boolean
  /** An existing data folder, kept on close: for tests that restart on the same files. */
  dataDir?: string
  /** With kind 'postgres', reopen this database instead of creating a new one. */
  databaseUrl?: string
}

export interface Harness {
  backend: RunningBackend
  dataDir: string | null
  anon(): SupabaseClient
  close(): Promise<void>
}

async function databaseUrlFor(
  kind: DatabaseKind,
  postgresUrl: string,
  options: HarnessOptions
): Promise<string | undefined> {
  if (kind === 'pglite') return undefined
  if (options.databaseUrl) return options.databaseUrl
  if (!postgresUrl) throw new Error('PostgreSQL is not available: the test server has no URL')
  return createTestDatabase(postgresUrl)
}

/** Starts a backend on a free port; `postgresUrl` is the test server's, used for 'postgres'. */
export async function startHarness(
  kind: DatabaseKind,
  postgresUrl: string,
  options: HarnessOptions = {}
): Promise<Harness> {
  const databaseUrl = await databaseUrlFor(kind, postgresUrl, options)
  const temporary = options.withDataDir ? await mkdtemp(join(tmpdir(), 'instaframe-test-')) : null
  const dataDir = options.dataDir ?? temporary
  const backend = await startBackend({
    dataDir,
    port: 0,
    migrationsDir: MIGRATIONS_DIR,
    databaseUrl,
    config: options.config
  })
  return {
    backend,
    dataDir,
    anon: () => testClient(backend.url, backend.anonKey),
    async close() {
      await backend.close()
      if (temporary) await rm(temporary, { recursive: true, force: true })
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

/** A user through the auth API (bcrypt and all), signed in with the client that signed up. */
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

export interface InsertedUser {
  id: string
  username: string
  /** An access token signed with the backend's own key. */
  token: string
}

/**
 * A user inserted straight into auth.users as superuser (the sign-up trigger still creates the
 * profile) with a token minted by the backend's key: for tests that need many users or fixed
 * data, where a bcrypt sign-up each would cost seconds and prove nothing more.
 */
export async function insertUser(
  backend: RunningBackend,
  username: string,
  fullName = `${username} Test`
): Promise<InsertedUser> {
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
  return { id, username, token }
}

/** Decodes a JWT's payload without verifying it (tests look at the claims). */
export function decodeClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
}
