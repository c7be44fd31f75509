// The renderer's view of the data layer: every operation from src/shared/data, bound to one
// data client, grouped by domain (posts.ts, people.ts, safety.ts, live.ts, direct.ts). Modules
// a start does not need load with their first call (lazy.ts). The platform (main, or the page's
// AccountSessions) owns the sessions, so the client borrows the current account's access token
// per request. Stores receive `Services` and nothing else of the data layer, so tests hand them
// fakes (testing/fakeServices.ts).
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import { countUnreadActivity, fetchActivityPage, markActivityRead } from '@shared/data/activity'
import { binder, subscriber, type Bound, type ClientProvider } from './binding'
import { createDirectServices, type DirectServices } from './direct'
import { createLiveServices, type LiveServices } from './live'
import { createPeopleServices, type PeopleServices } from './people'
import { createPostServices, type PostServices } from './posts'
import { createSafetyServices, type SafetyServices } from './safety'

export type { Bound, ClientProvider, Unsubscribe } from './binding'

export interface Services extends PostServices, PeopleServices, SafetyServices {
  activity: {
    fetchPage: Bound<typeof fetchActivityPage>
    countUnread: Bound<typeof countUnreadActivity>
    markRead: Bound<typeof markActivityRead>
  }
  live: LiveServices
  /** Direct messages (services/direct.ts). */
  direct: DirectServices
}

export function createClientProvider(
  api: Api,
  /** The fetch the client sends with (one that reports whether the backend answered). */
  fetchImpl?: typeof fetch
): ClientProvider {
  let client: Promise<SupabaseClient> | null = null
  return () => {
    if (!client) {
      // supabase-js is a chunk of its own, fetched while the first screen paints.
      client = Promise.all([api.app.getConfig(), import('@supabase/supabase-js')]).then(
        ([config, { createClient }]) =>
          createClient(config.backendUrl, config.anonKey, {
            accessToken: () => api.auth.getAccessToken(),
            ...(fetchImpl ? { global: { fetch: fetchImpl } } : {})
          })
      )
      // A failed config read is retried on the next call rather than cached forever.
      client.catch(() => {
        client = null
      })
    }
    return client
  }
}

export function createServices(getClient: ClientProvider): Services {
  const bind = binder(getClient)
  const subscribe = subscriber(getClient)
  return {
    ...createPostServices(bind),
    ...createPeopleServices(bind),
    ...createSafetyServices(bind),
    activity: {
      fetchPage: bind(fetchActivityPage),
      countUnread: bind(countUnreadActivity),
      markRead: bind(markActivityRead)
    },
    live: createLiveServices(bind, subscribe),
    direct: createDirectServices(bind, subscribe, getClient)
  }
}
