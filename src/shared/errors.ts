// Turning whatever a call threw or returned into the message a user should read.

/**
 * The server's message when it sent one, else the action's fallback. supabase-js reports 5xx
 * auth failures as AuthRetryableFetchError with the message "{}", which says nothing.
 */
export function messageOr(error: unknown, fallback: string): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'message' in error
        ? String((error as { message: unknown }).message)
        : typeof error === 'string'
          ? error
          : ''
  const trimmed = message.trim()
  if (!trimmed || trimmed === '{}' || trimmed === 'undefined') return fallback
  return trimmed
}

/** A PostgREST error as a thrown Error, keeping the server's message after what was asked. */
export function queryError(context: string, error: { message?: string } | null): Error {
  return new Error(`${context}: ${error?.message ?? 'unknown error'}`)
}
