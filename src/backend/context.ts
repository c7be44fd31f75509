// What every API module of the local backend is given: no globals, so tests can build one
// around an in-memory database.

import { DEFAULT_API_CONFIG, type ApiConfig } from './api-config'
import { DEFAULT_EMAIL_SETTINGS, type EmailSettings } from './auth/email-config'
import { DEFAULT_AUTH_CONFIG, type AuthConfig } from './auth/config'
import type { PasswordPool } from './auth/password-pool'
import type { Database } from './db/database'
import { DEV_ORIGINS } from './http/cors'
import type { JwtKeys } from './jwt'
import { DEFAULT_REST_LIMITS, type RestLimits } from './request-limits'
import { DEFAULT_STORAGE_CONFIG, type StorageConfig } from './storage/config'

export { DEFAULT_REST_LIMITS, type RestLimits } from './request-limits'

export interface BackendConfig {
  /** When true, sign-up returns a bare user and mails a confirmation link. */
  enableConfirmations: boolean
  /** Where the mailbox keeps the mails it caught (null: memory only). */
  mailboxDir: string | null
  /** The auth mail settings of supabase/config.toml ([auth.email], [auth.email.smtp]). */
  email: EmailSettings
  /** Where object bytes are kept; null keeps them in memory (tests, --memory). */
  storageDir: string | null
  /** Where transformed images are cached on disk; null keeps them in memory only. */
  transformCacheDir: string | null
  /** Where resumable (TUS) uploads keep their parts until complete; null: in memory. */
  resumableUploadDir: string | null
  /** The bucket rules of supabase/config.toml that only the local backend applies. */
  storage: StorageConfig
  /** The site root that confirmation links redirect to by default. */
  siteUrl: string
  /**
   * Stored files without an object row older than this are removed at start and hourly
   * (storage/sweep.ts); younger ones may belong to an upload committing now. Negative turns
   * the sweep off.
   */
  orphanGraceMinutes: number
  /** The [auth] settings (supabase/config.toml): anonymous sign-ins, rate limits. */
  auth: AuthConfig
  /** Bounds on what one REST request may make the database do (request-limits.ts). */
  rest: RestLimits
  /**
   * The app's browser origins, allowed to call the backend (http/cors.ts): the dev server's
   * (DEV_ORIGINS) unless given; the desktop app gives only its window's. INSTAFRAME_CORS_ORIGINS
   * (comma-separated) adds more; `*` allows every origin but `null`, which is never allowed.
   */
  corsOrigins: string[]
  /** The REST API's [api] settings (supabase/config.toml). */
  api: ApiConfig
}

export interface BackendContext {
  db: Database
  keys: JwtKeys
  /** The worker threads that hash and compare passwords (auth/password-pool.ts). */
  passwords: PasswordPool
  config: BackendConfig
  /** The base URL clients use, e.g. http://127.0.0.1:54321 (known once the server listens). */
  publicUrl(): string
}

export const DEFAULT_CONFIG: BackendConfig = {
  enableConfirmations: false,
  mailboxDir: null,
  email: DEFAULT_EMAIL_SETTINGS,
  storageDir: null,
  transformCacheDir: null,
  resumableUploadDir: null,
  storage: DEFAULT_STORAGE_CONFIG,
  siteUrl: 'http://127.0.0.1:3000',
  orphanGraceMinutes: 10,
  auth: DEFAULT_AUTH_CONFIG,
  rest: DEFAULT_REST_LIMITS,
  corsOrigins: DEV_ORIGINS,
  api: DEFAULT_API_CONFIG
}
