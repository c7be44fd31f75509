import type { SupabaseClient } from '@supabase/supabase-js'

/** Lazily resolves the data client, so the UI can render before the backend config is known. */
export type ClientProvider = () => Promise<SupabaseClient>

/** A PostgREST error as a thrown Error, keeping the server's message. */
export function queryError(context: string, error: { message?: string } | null): Error {
  return new Error(`${context}: ${error?.message ?? 'unknown error'}`)
}
