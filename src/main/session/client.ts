// main's supabase-js clients, one per signed-in account: the only ones that hold refresh tokens
// and refresh them. Each keeps its session in its own slot of the encrypted store.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SESSION_STORAGE_KEY, type SessionStorage } from '../../shared/data/account-storage'

export function createMainClient(
  endpoint: { url: string; anonKey: string },
  storage: SessionStorage
): SupabaseClient {
  return createClient(endpoint.url, endpoint.anonKey, {
    auth: {
      storage,
      storageKey: SESSION_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // No URLs reach main: confirmation links open in the user's browser.
      detectSessionInUrl: false
    }
  })
}
