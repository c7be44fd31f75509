// How the renderer's services reach the data client: an operation of src/shared/data is bound to
// a client that may not exist yet (the backend's config is read on first use), and a live
// subscription can be stopped even while it is still being set up.

import type { SupabaseClient } from '@supabase/supabase-js'
import { refreshRealtimeAuth } from '@shared/data/live-posts'

/** Lazily resolves the data client, so the UI can render before the backend config is known. */
export type ClientProvider = () => Promise<SupabaseClient>

/** A data operation with its client argument supplied. */
export type Bound<F> = F extends (client: SupabaseClient, ...args: infer A) => infer R
  ? (...args: A) => R
  : never

/** Binds a data operation (its first argument the client) to the data client. */
export type Bind = <A extends unknown[], R>(
  operation: (client: SupabaseClient, ...args: A) => Promise<R>
) => (...args: A) => Promise<R>

/** Stops a live subscription; safe to call before it has even started. */
export type Unsubscribe = () => void

/** Binds a live subscription (its first argument the client) to the data client. */
export type Subscribe = <A extends unknown[]>(
  subscribe: (client: SupabaseClient, ...args: A) => () => Promise<void>
) => (...args: A) => Unsubscribe

export function binder(getClient: ClientProvider): Bind {
  return (operation) =>
    async (...args) =>
      operation(await getClient(), ...args)
}

/**
 * Binds a subscription: the client may not exist yet, so the returned stop function cancels
 * a subscription that is still being set up as well as a running one.
 */
export function subscriber(getClient: ClientProvider): Subscribe {
  return (subscribe) =>
    (...args) => {
      let stopped = false
      let stop: (() => Promise<void>) | null = null
      getClient().then(
        async (client) => {
          // A channel joins with the token realtime holds: make it the current one first.
          await refreshRealtimeAuth(client).catch(() => undefined)
          if (!stopped) stop = subscribe(client, ...args)
        },
        (error: unknown) => console.error('Error starting live updates', error)
      )
      return () => {
        stopped = true
        void stop?.()
      }
    }
}
