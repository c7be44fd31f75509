// The app's one outbox, assembled from the platform's api and data client: it sends what it
// holds with the data layer, and tells the stores (through `targets`) what was sent or dropped.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Api } from '@shared/bridge-contract'
import type { Services } from '../../services'
import type { ConnectivityStore } from '../connectivityStore'
import { openOutboxDb } from './outboxDb'
import { createOutboxStore, type OutboxStore } from './outboxStore'
import { createSender } from './sendAction'
import { outboxEvents, type OutboxTargets } from './wireOutbox'

export interface AppOutboxDeps {
  api: Api
  services: Pick<Services, 'likes' | 'people'>
  getClient(): Promise<SupabaseClient>
  getUserId(): string | null
  connectivity: ConnectivityStore
  notify(message: string): void
  /** The stores, read when the outbox first sends (they are made after it). */
  targets(): OutboxTargets
}

export function createOutbox(deps: AppOutboxDeps): OutboxStore {
  return createOutboxStore({
    openDb: () => openOutboxDb(),
    send: createSender({
      getClient: deps.getClient,
      getUserId: deps.getUserId,
      posts: deps.api.posts,
      likes: deps.services.likes,
      people: deps.services.people
    }),
    connectivity: deps.connectivity,
    notify: deps.notify,
    ...outboxEvents(deps.targets)
  })
}
