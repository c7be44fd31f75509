// Every bound on what one request may make the local backend do, in one place. Hosted Supabase
// sets only max_rows in supabase/config.toml ([api] max_rows, which overrides the default
// here; [api] max_request_body_bytes, read only here, sets the body cap); the rest have no
// hosted setting, because hosted PostgREST leans on statement_timeout and PGlite cannot cancel
// a running query: so the expensive requests must never start.
// docs/architecture.md's table of limits is checked against LIMIT_DESCRIPTIONS by a test.

import { MAX_MENTIONS_PER_COMMENT } from '../shared/limits'

export interface RestLimits {
  /** Rows per response level, root and every embed (config.toml `[api] max_rows`). */
  maxRows: number
  /** How deep embeds may nest (`a(b(c(d)))` is 4). */
  maxEmbedDepth: number
  /** One-to-many embeds in one select, siblings and nested ones together. */
  maxToManyEmbeds: number
  /**
   * Every read is planned first and refused above this planner cost. Estimates for small,
   * never-analysed tables run high (a feed page read through REST on a fresh database is
   * 11,000), so the bound stays loose: posts → author → posts → author → posts at 1,200 posts
   * is 42M and refused. It does not price building JSON: `profiles?select=id,posts(*)` is
   * 9,400 and 300 ms on PGlite at 20,000 posts, which maxToManyEmbeds and maxRows bound.
   */
  maxPlanCost: number
  /**
   * Every statement an anonymous caller runs (reads, writes and rpc of any shape) is priced and
   * refused above this cost, as pg_plan_filter's statement_cost_limit does for a role.
   */
  maxAnonPlanCost: number
  /**
   * Rows one to-many embed may bring where its parent rows repeat (under a to-one or
   * many-to-many embed, such as posts → author → the author's posts): every root row brings the
   * whole list again, so this is the root's rows times each to-many level's limit.
   */
  maxRepeatedEmbedRows: number
  /** Conditions in one request's `or=` / `and=` trees, all trees together. */
  maxLogicTerms: number
  /**
   * like/ilike/match/imatch conditions in one request. The planner prices a pattern like any
   * comparison, but each is a scan of its own: one ilike over 20,000 captions is ~120 ms on
   * PGlite, 32 of them 3.2 s.
   */
  maxPatternFilters: number
  /**
   * fts/plfts/phfts/wfts conditions in one request. Over a text column each one runs
   * to_tsvector on every row it reads: one over 20,000 captions is ~0.5 s on PGlite.
   */
  maxTextSearchFilters: number
  /** Characters of the query of one full-text search condition. */
  maxTextSearchLength: number
  /**
   * The counted repetitions (`{n}`, `{m,n}`) of one match/imatch pattern added up: each copy
   * is a state of the regex engine for every character of every row.
   */
  maxRegexRepetition: number
  /** Values in one `in.(…)` list. */
  maxInItems: number
  /** Characters of one `like`/`ilike`/`match`/`imatch` pattern. */
  maxPatternLength: number
  /** `*` or `%` wildcards in one `like`/`ilike` pattern. */
  maxPatternWildcards: number
  /** Bytes of one write or rpc request body (config.toml `[api] max_request_body_bytes`). */
  maxRequestBodyBytes: number
  /** Bytes of one response body. */
  maxResponseBytes: number
  /**
   * Rows one insert or upsert may carry, and one PATCH or DELETE may change, for the anon and
   * authenticated roles; the service role, as on PostgREST, has no cap (rest/bounds.ts).
   */
  maxRowsPerWrite: number
  /**
   * How long one request may keep PGlite: the watchdog stops the engine past it and restarts it
   * (db/pglite-engine.ts). On PostgreSQL the caller's role's own statement_timeout applies (as
   * hosted: anon 3 s, authenticated 8 s, set by db/bootstrap-role-settings.ts), this only for a
   * role without one. Answered 504, 57014.
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
  maxToManyEmbeds: 4,
  maxPlanCost: 1_000_000,
  maxAnonPlanCost: 1_000_000,
  maxRepeatedEmbedRows: 20_000,
  maxLogicTerms: 32,
  maxPatternFilters: 2,
  maxTextSearchFilters: 2,
  maxTextSearchLength: 256,
  maxRegexRepetition: 32,
  maxInItems: 1000,
  maxPatternLength: 256,
  maxPatternWildcards: 16,
  maxRequestBodyBytes: 1024 * 1024,
  maxResponseBytes: 16 * 1024 * 1024,
  maxRowsPerWrite: 200,
  requestBudgetMs: 2_000,
  queueTimeoutMs: 5_000,
  maxWaitingRequests: 500
}

/** One line each for docs/architecture.md: what the limit bounds and what a refusal says. */
export const LIMIT_DESCRIPTIONS: Record<keyof RestLimits, string> = {
  maxRows: 'rows per response level (more are cut, not refused; `[api] max_rows`)',
  maxEmbedDepth: 'levels of nested embeds (400 `54001`)',
  maxToManyEmbeds: 'one-to-many embeds in one select (400 `54001`)',
  maxPlanCost: 'planner cost of any read, priced before it runs (400 `54001`)',
  maxAnonPlanCost:
    'planner cost of any statement an anonymous caller runs, rpc and writes too (400 `54001`)',
  maxRepeatedEmbedRows:
    'rows a to-many embed under a to-one or many-to-many embed may bring: root rows × the limit of each level (400 `54001`)',
  maxLogicTerms: 'conditions in the `or=`/`and=` trees of one request (400 `54001`)',
  maxPatternFilters: '`like`/`ilike`/`match`/`imatch` conditions in one request (400 `54001`)',
  maxTextSearchFilters: '`fts`/`plfts`/`phfts`/`wfts` conditions in one request (400 `54001`)',
  maxTextSearchLength: 'characters of the query of one full-text search condition (400 `54001`)',
  maxRegexRepetition:
    'counted repetitions (`{n}`, `{m,n}`) of one `match`/`imatch` pattern added up; a repeated group may not repeat inside (400 `54001`)',
  maxInItems: 'values in one `in.()` list (400 `54001`)',
  maxPatternLength: 'characters of a `like`/`ilike`/`match`/`imatch` pattern (400 `54001`)',
  maxPatternWildcards: '`*`/`%` in one `like`/`ilike` pattern (400 `54001`)',
  maxRequestBodyBytes:
    'bytes of one write or rpc request body (413 `54000`; `[api] max_request_body_bytes`)',
  maxResponseBytes: 'bytes of one response body (400 `54000`)',
  maxRowsPerWrite:
    'rows in one insert or upsert body, or changed by one PATCH or DELETE; not the service role (400 `54000`)',
  requestBudgetMs:
    "time one request may keep PGlite (the watchdog); on PostgreSQL, the `statement_timeout` of the caller's role (anon 3 s, authenticated 8 s) and this only for a role without one (504 `57014`)",
  queueTimeoutMs: 'wait for a busy database before giving up (504 `PGRST003`)',
  maxWaitingRequests: 'requests waiting for the database at once (503 `PGRST003`)'
}

/** Limits the database enforces itself (in migrations); a test checks they agree. */
export const DATABASE_LIMITS = {
  /** Distinct @mentions in one comment (Instagram allows about 20 people tagged). */
  maxMentionsPerComment: MAX_MENTIONS_PER_COMMENT
} as const
