// Who liked a post: the likers list of the post on `#/p/<id>/liked_by` (keyset-paged, each liker
// put once in the people store so their row and Follow button follow every change), and the one
// liker each card names ("Liked by jane and others"), asked for in batches (batchedLookup.ts).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Text } from '../../i18n/phrase'
import type { Services } from '../../services'
import type { PageCursor } from '../../services/types'
import { batchedLookup } from '../batchedLookup'
import { appendNew, pagedList } from '../pagedList'
import type { PeopleStore } from '../people/peopleStore'

export interface LikersList {
  postId: string
  /** People ids, newest like first. */
  ids: string[]
  next: PageCursor | null
  status: 'loading' | 'ready' | 'error'
  error: Text | null
}

export interface LikersState {
  list: LikersList | null
  /** The liker each post's card names, by post id. */
  named: ReadonlyMap<string, string>
  /** Reads the first page of `postId`'s likers, replacing the list shown. */
  open(postId: string): Promise<void>
  /** Reads the next page; a no-op while one is in flight or at the end. */
  loadMore(): Promise<void>
  close(): void
  /**
   * Asks who a card names, once per count of others' likes (the reader's own like left out, as
   * the database leaves it out of who is named): a count that changed may change who is named,
   * so it is asked again.
   */
  watchNamed(postId: string, othersLikes: number): void
  /** Forgets the names (another reader follows other people). */
  reset(): void
}

export type LikersStore = StoreApi<LikersState>

export interface LikersDeps {
  likes: Pick<Services['likes'], 'likers' | 'highlights'>
  /** Where each liker is held once, so their row and Follow button follow every change. */
  people: PeopleStore
}

export function createLikersStore({ likes, people }: LikersDeps): LikersStore {
  return createStore<LikersState>()((set, get) => {
    const askedAtCount = new Map<string, number>()
    const names = batchedLookup(
      async (ids) => {
        const found = await likes.highlights(ids)
        set((state) => {
          const named = new Map(state.named)
          for (const id of ids) {
            const name = found.get(id)
            if (name) named.set(id, name)
            else named.delete(id)
          }
          return { named }
        })
      },
      (error) => console.error('Error loading who liked posts', error)
    )

    const pages = pagedList({
      read: (postId: string, after: PageCursor | null) => likes.likers(postId, { after }),
      cursor: () => get().list?.next ?? null,
      loading: (more, postId) =>
        set((state) => ({
          list:
            more && state.list
              ? { ...state.list, status: 'loading', error: null }
              : { postId, ids: [], next: null, status: 'loading', error: null }
        })),
      arrived(page) {
        people.getState().put(page.items)
        void people.getState().learn(page.items)
        set((state) => ({
          list: state.list && {
            ...state.list,
            ids: appendNew(state.list.ids, page.items),
            next: page.next,
            status: 'ready'
          }
        }))
      },
      failed: (error) =>
        set((state) => ({ list: state.list && { ...state.list, status: 'error', error } }))
    })

    return {
      list: null,
      named: new Map(),
      open: (postId) => pages.first(postId),
      loadMore: () => pages.more(),
      close() {
        pages.reset()
        set({ list: null })
      },
      watchNamed(postId, othersLikes) {
        const asked = askedAtCount.get(postId)
        if (asked === othersLikes) return
        askedAtCount.set(postId, othersLikes)
        if (othersLikes === 0) {
          set((state) => {
            const named = new Map(state.named)
            named.delete(postId)
            return { named }
          })
        } else if (asked === undefined) names.watch([postId])
        else names.refresh([postId])
      },
      reset() {
        askedAtCount.clear()
        names.reset()
        set({ named: new Map() })
      }
    }
  })
}
