// Knobs the tests turn: a clock, so refresh-token reuse and rate-limit windows can be tested
// without real sleeps.

export interface AuthOptions {
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number
  /** GoTrue's refresh_token_reuse_interval (Supabase CLI default: 10 s). */
  refreshTokenReuseIntervalSeconds?: number
}

export interface ResolvedAuthOptions {
  now: () => number
  refreshTokenReuseIntervalSeconds: number
}

export function resolveAuthOptions(options: AuthOptions = {}): ResolvedAuthOptions {
  return {
    now: options.now ?? Date.now,
    refreshTokenReuseIntervalSeconds: options.refreshTokenReuseIntervalSeconds ?? 10
  }
}
