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

/**
 * A failure that says the server's own sentence (or the action's fallback) and, under it, a
 * friendlier explanation. Both travel as one message, on two lines (server sentences have no line
 * break), because only a message survives every hop: IPC, then Electron's contextBridge, which
 * drops an error's other properties.
 */
export function failureWithHelp(message: string, help: string | null): Error {
  return new Error(help && help !== message ? `${message}\n${help}` : message)
}

/** A failure's text split back into its message and the help under it (null when none). */
export function splitHelp(text: string): { message: string; help: string | null } {
  const lineBreak = text.indexOf('\n')
  if (lineBreak < 0) return { message: text, help: null }
  const help = text.slice(lineBreak + 1).trim()
  return { message: text.slice(0, lineBreak).trim(), help: help || null }
}
