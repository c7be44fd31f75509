// The app's one outbox, assembled from the platform's api and the data services: it sends what
// it holds through them, and tells the stores (through `targets`) what was sent or dropped.

import type { Api } from '@shared/bridge-contract'
import type { Services } from '../../services'
import type { ConnectivityStore } from '../../offline/connectivityStore'
import { openOutboxDb } from '../../offline/outbox/outboxDb'
import { createOutboxStore, type OutboxStore } from '../../offline/outbox/outboxStore'
import { createSender } from '../../offline/outbox/sendAction'
import { outboxEvents, type OutboxTargets } from './outboxSync'
import type { Text } from '../../i18n/phrase'

export interface AppOutboxDeps {
  api: Api
  services: Pick<Services, 'likes' | 'people' | 'saves' | 'comments'>
  getUserId(): string | null
  connectivity: ConnectivityStore
  notify(message: Text): void
  /** The stores, read when the outbox first sends (they are made after it). */
  targets(): OutboxTargets
}

export function createOutbox(deps: AppOutboxDeps): OutboxStore {
  return createOutboxStore({
    openDb: () => openOutboxDb(),
    send: createSender({
      getUserId: deps.getUserId,
      posts: deps.api.posts,
      likes: deps.services.likes,
      people: deps.services.people,
      saves: deps.services.saves,
      comments: deps.services.comments
    }),
    connectivity: deps.connectivity,
    notify: deps.notify,
    ...outboxEvents(deps.targets)
  })
}
