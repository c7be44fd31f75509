// main's supabase-js clients, one per signed-in account: the only ones that hold refresh tokens
// and refresh them. Each keeps its session in its own slot of the encrypted store.

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { SlotStorage } from '../../shared/data/account-storage'

export function createMainClient(
  endpoint: { url: string; anonKey: string },
  storage: Pick<SlotStorage, 'getItem' | 'setItem' | 'removeItem' | 'storageKey'>
): SupabaseClient {
  return createClient(endpoint.url, endpoint.anonKey, {
    auth: {
      storage,
      storageKey: storage.storageKey,
      persistSession: true,
      autoRefreshToken: true,
      // No URLs reach main: confirmation links open in the user's browser.
      detectSessionInUrl: false
    }
  })
}
