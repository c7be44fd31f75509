// The one way tests, the e2e setup and the bench start a backend in-process: the real backend
// on PGlite or on a new database of the test PostgreSQL 15 server, and the unmodified supabase-js
// client pointed at it. (tests/support/child-backend.ts runs the CLI as a separate process
// instead, for the tests that kill it.)

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { loadAuthConfig } from '../../src/backend/auth/config'
import type { BackendConfig } from '../../src/backend/context'
import type { DatabaseOptions } from '../../src/backend/db/open'
import { signJwt } from '../../src/backend/jwt'
import { startBackend, type RunningBackend } from '../../src/backend/server'
import {
  DEFAULT_HOUSEKEEPING,
  startHousekeeping,
  type Housekeeping,
  type HousekeepingOptions
} from '../../src/local/housekeeping'
import { createMigratedTestDatabase, MIGRATIONS_DIR, type DatabaseKind } from './databases'
import { pooledPglite, settle } from './pglite-pool'
import { pgliteSnapshot } from './prepared-databases'
import { signUpUsers } from './sql-actors'

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
  /** auth-js's experimental passkey API, which otherwise throws before any request. */
  passkeys?: boolean
}

/** supabase-js for a test process: no stored session, no refresh timer, no realtime socket. */
export function testClient(
  url: string,
  key: string,
  options: TestClientOptions = {}
): SupabaseClient {
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      ...(options.passkeys ? { experimental: { passkey: true } } : {})
    },
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
  /** Other migrations than the repository's (a bench's "before"); no prepared snapshot then. */
  migrationsDir?: string
  /**
   * bcrypt's cost for new password hashes; TEST_PASSWORD_COST unless given. A bench, or a test
   * of the stored hash itself, passes GoTrue's (DEFAULT_AUTH_CONFIG.passwordCost).
   */
  passwordCost?: number
  /**
   * Also run the app's housekeeping (src/local/housekeeping), as the desktop app and `npm run
   * backend` do: true for its defaults, or some of its settings. Its grace period is the
   * backend's orphanGraceMinutes unless given.
   */
  housekeeping?: boolean | Partial<Omit<HousekeepingOptions, 'url' | 'serviceRoleKey'>>
}

/**
 * bcrypt's minimum. At GoTrue's cost 10 every sign-up and password sign-in spends 0.1-0.7 s in
 * bcryptjs on this project's 2-core machine, the largest single cost of the suites; what they
 * prove does not depend on the cost, which the auth tests check at the default.
 */
export const TEST_PASSWORD_COST = 4

export interface Harness {
  backend: RunningBackend
  /** The app's housekeeping, when the options asked for it. */
  housekeeping: Housekeeping | null
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
  return createMigratedTestDatabase(postgresUrl)
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
  const migrationsDir = options.migrationsDir ?? MIGRATIONS_DIR
  // The [auth] settings the backend would read itself (config.toml beside the migrations).
  const auth = options.config?.auth ?? loadAuthConfig(join(migrationsDir, '..', 'config.toml'))
  const backend = await startBackend({
    dataDir,
    port: 0,
    migrationsDir,
    databaseUrl,
    config: {
      ...options.config,
      auth: { ...auth, passwordCost: options.passwordCost ?? TEST_PASSWORD_COST }
    },
    pgliteSnapshot: databaseUrl || options.migrationsDir ? undefined : await pgliteSnapshot(),
    // In memory from the run's snapshot: a database from this process's pool (pglite-pool.ts),
    // which the backend's close hands back.
    ...(kind === 'pglite' && !dataDir && !options.migrationsDir
      ? {
          openDatabase: (opening: DatabaseOptions) =>
            pooledPglite(migrationsDir, opening.maxWaitingRequests, 'backend')
        }
      : {})
  })
  // The state a pooled database is reset to is the one a backend starts with.
  await settle(backend.db)
  const housekeeping = options.housekeeping
    ? await startHousekeeping({
        ...DEFAULT_HOUSEKEEPING,
        graceMinutes: backend.context.config.orphanGraceMinutes,
        ...(options.housekeeping === true ? {} : options.housekeeping),
        url: backend.url,
        serviceRoleKey: backend.serviceRoleKey
      })
    : null
  return {
    backend,
    housekeeping,
    dataDir,
    anon: () => testClient(backend.url, backend.anonKey),
    async close() {
      await housekeeping?.close()
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

export interface NewUser {
  /** The username asked for; a fresh one made from the name by default. */
  username?: string
  fullName?: string
  email?: string
  password?: string
}

export interface SignedUpUser extends SignedIn {
  username: string
  fullName: string
  email: string
  password: string
}

/**
 * The one way to make a user through the auth API (bcrypt, the sign-up trigger and all): signs
 * up with `client`, which stays signed in as the new user. The local backend confirms at once,
 * so there is always a session. Tests, e2e specs and the bench all come through here; a database
 * test makes users with SQL instead (sql-actors.ts, signUpUsers), and insertUser below does that
 * for a running backend.
 */
export async function signUpWith(
  client: SupabaseClient,
  name: string,
  user: NewUser = {}
): Promise<SignedUpUser> {
  const username = user.username ?? uniqueUsername(name)
  const fullName = user.fullName ?? `${username} Test`
  const email = user.email ?? uniqueEmail(username.replace(/[^a-z0-9._]/gi, '_'))
  const password = user.password ?? 'secret123'
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { username, full_name: fullName } }
  })
  if (error || !data.session || !data.user) {
    throw new Error(`sign-up of ${username} failed: ${error?.message ?? 'no session'}`)
  }
  return {
    client,
    userId: data.user.id,
    username,
    fullName,
    email,
    password,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token
  }
}

/** A user through the auth API, signed in with a fresh anon client of `harness`. */
export async function signUpAndIn(
  harness: Harness,
  name: string,
  password = 'secret123'
): Promise<SignedUpUser> {
  return signUpWith(harness.anon(), name, { password })
}

export interface InsertedUser {
  id: string
  username: string
  /** An access token signed with the backend's own key. */
  token: string
}

/**
 * A user inserted straight into auth.users, as the auth server would (sql-actors.ts,
 * signUpUsers; the sign-up trigger still creates the profile), with a token minted by the
 * backend's key: for tests that need many users or fixed data, where a bcrypt sign-up each would
 * cost seconds and prove nothing more.
 */
export async function insertUser(
  backend: RunningBackend,
  username: string,
  fullName = `${username} Test`
): Promise<InsertedUser> {
  const [id] = await signUpUsers(backend.db, [
    { username, fullName, email: `${username}@example.com` }
  ])
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
