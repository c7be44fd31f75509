// main's supabase-js client: the only one that holds the refresh token and refreshes it.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { AuthStorage } from './secret-storage'

export const AUTH_STORAGE_KEY = 'instaframe-auth'

export function createMainClient(
  endpoint: { url: string; anonKey: string },
  storage: AuthStorage
): SupabaseClient {
  return createClient(endpoint.url, endpoint.anonKey, {
    auth: {
      storage,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // No URLs reach main: confirmation links open in the user's browser.
      detectSessionInUrl: false
    }
  })
}
