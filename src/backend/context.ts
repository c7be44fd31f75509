// What every API module of the local backend is given: no globals, so tests can build one
// around an in-memory database.

import { DEFAULT_API_CONFIG, type ApiConfig } from './api-config'
import type { Database } from './db/database'
import type { JwtKeys } from './jwt'

export interface BackendConfig {
  /** When true, sign-up returns a bare user and writes a confirmation link to the outbox. */
  enableConfirmations: boolean
  /** Where confirmation mails go when confirmations are on (null: only logged). */
  outboxDir: string | null
  /** Where object bytes are kept; null keeps them in memory (tests, --memory). */
  storageDir: string | null
  /** Token endpoint requests allowed per client address per minute. */
  tokenRateLimitPerMinute: number
  /** The site root that confirmation links redirect to by default. */
  siteUrl: string
  /**
   * Unreferenced uploads under posts/ older than this are removed at start and hourly
   * (storage/sweep.ts); younger ones may still get their post. Negative turns the sweep off.
   */
  orphanGraceMinutes: number
  /** Sign-up requests allowed per client address per minute. */
  signupRateLimitPerMinute: number
  /** Bounds on what one REST request may make the database do (rest/limits.ts). */
  rest: RestLimits
  /**
   * Browser origins allowed to call the backend besides its own (http/cors.ts); `*` allows
   * every origin. From the INSTAFRAME_CORS_ORIGINS environment variable (comma-separated).
   */
  corsOrigins: string[]
  /** The REST API's [api] settings (supabase/config.toml). */
  api: ApiConfig
}

export interface RestLimits {
  /** Rows per response level, root and every embed (config.toml `[api] max_rows`). */
  maxRows: number
  /** How deep embeds may nest (`a(b(c(d)))` is 4). */
  maxEmbedDepth: number
  /**
   * Reads with nested or to-many embeds are planned first and refused above this planner cost:
   * PGlite cannot cancel a running query, so the expensive ones must never start. A million is
   * a few hundred milliseconds of work; four levels of to-many embeds on small, never-analysed
   * tables estimate under it, posts → author → posts → author → posts at 1,200 posts is 42M.
   */
  maxPlanCost: number
  /**
   * How long one request may keep the database: PostgreSQL's statement_timeout; on PGlite the
   * watchdog stops the engine past it and restarts it (db/pglite-engine.ts). Answered 504, 57014.
   */
  requestBudgetMs: number
  /** A request that waited this long for the database (busy with others) gets a 504 instead. */
  queueTimeoutMs: number
  /** Requests that may wait for the database at once; the next gets a 503 at once. */
  maxWaitingRequests: number
}

export const DEFAULT_REST_LIMITS: RestLimits = {
  maxRows: 1000,
  maxEmbedDepth: 4,
  maxPlanCost: 1_000_000,
  requestBudgetMs: 2_000,
  queueTimeoutMs: 5_000,
  maxWaitingRequests: 100
}

export interface BackendContext {
  db: Database
  keys: JwtKeys
  config: BackendConfig
  /** The base URL clients use, e.g. http://127.0.0.1:54321 (known once the server listens). */
  publicUrl(): string
}

export const DEFAULT_CONFIG: BackendConfig = {
  enableConfirmations: false,
  outboxDir: null,
  storageDir: null,
  tokenRateLimitPerMinute: 60,
  siteUrl: 'http://127.0.0.1:3000',
  orphanGraceMinutes: 10,
  signupRateLimitPerMinute: 30,
  rest: DEFAULT_REST_LIMITS,
  corsOrigins: [],
  api: DEFAULT_API_CONFIG
}
