// The author's curation of their posts, wherever the ⋯ menu offers it: archive (the post leaves
// every list, as for everyone else, and goes to the Archive), show it on the profile again (back
// in its place in the grid), and pin or unpin it at the top of the grid. The Archive's own list
// keeps its posts here: no other list can hold an archived post, so nothing shares them.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Post } from '@shared/domain'
import type { Services } from '../../services'
import type { PageCursor } from '../../services/types'
import type { PostStore } from '../openPost/openPostStore'
import type { PeopleStore } from '../people/peopleStore'
import type { PostsStore } from '../posts/postsStore'
import type { RouterStore } from '../router/routerStore'
import type { ToastStore } from '../toast/toastStore'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import { pagedList } from '../pagedList'

export const CURATION_TOASTS = {
  archived: phrase('toasts.archived'),
  restored: phrase('toasts.restored'),
  pinned: phrase('toasts.pinned'),
  unpinned: phrase('toasts.unpinned')
} as const

export interface CurationDeps {
  curation: Services['curation']
  posts: PostsStore
  people: PeopleStore
  post: PostStore
  router: RouterStore
  toast: ToastStore
  getUserId(): string | null
}

export interface CurationState {
  /** The signed-in user's archived posts, newest first. */
  archived: Post[]
  archiveNext: PageCursor | null
  archiveStatus: 'idle' | 'loading' | 'ready' | 'failed'
  archiveError: Text | null
  /** Posts whose archive, restore, pin or unpin is on its way. */
  busyIds: ReadonlySet<string>
  loadArchive(more?: boolean): Promise<void>
  archive(postId: string): Promise<boolean>
  restore(postId: string): Promise<boolean>
  setPinned(postId: string, pinned: boolean): Promise<boolean>
  clear(): void
}

export type CurationStore = StoreApi<CurationState>

/** The curation columns of the server's row on the post as shown (its URLs and author kept). */
const curated = (post: Post, row: Post): Post => ({
  ...post,
  archived_at: row.archived_at ?? null,
  pinned_at: row.pinned_at ?? null,
  pin_slot: row.pin_slot ?? null
})

export function createCurationStore(deps: CurationDeps): CurationStore {
  return createStore<CurationState>()((set, get) => {
    /** Runs one change of `postId` once at a time; a failure is said in a toast. */
    async function change(postId: string, run: () => Promise<Text>): Promise<boolean> {
      if (get().busyIds.has(postId) || !deps.getUserId()) return false
      set((state) => ({ busyIds: new Set(state.busyIds).add(postId) }))
      try {
        deps.toast.getState().show(await run())
        return true
      } catch (error) {
        deps.toast.getState().show(errorText(error, phrase('errors.unknown')))
        return false
      } finally {
        set((state) => {
          const busyIds = new Set(state.busyIds)
          busyIds.delete(postId)
          return { busyIds }
        })
      }
    }

    const archivePages = pagedList({
      read: (userId: string, after: PageCursor | null) =>
        deps.curation.archivedPage(userId, { after }),
      cursor: () => get().archiveNext,
      loading: () => set({ archiveStatus: 'loading', archiveError: null }),
      arrived: (page, more) =>
        set((state) => ({
          archived: more ? [...state.archived, ...page.items] : page.items,
          archiveNext: page.next,
          archiveStatus: 'ready'
        })),
      failed: (archiveError) => set({ archiveStatus: 'failed', archiveError })
    })

    return {
      archived: [],
      archiveNext: null,
      archiveStatus: 'idle',
      archiveError: null,
      busyIds: new Set(),

      async loadArchive(more = false) {
        const userId = deps.getUserId()
        if (!userId || get().archiveStatus === 'loading') return
        await (more ? archivePages.more() : archivePages.first(userId))
      },

      archive: (postId) =>
        change(postId, async () => {
          const row = await deps.curation.setArchived(postId, true)
          const shown = deps.posts.getState().byId[postId]
          // The open post gives way first, so it never reads as deleted.
          if (deps.post.getState().openId === postId) {
            deps.post.getState().close()
            deps.router.getState().closeOverlay()
          }
          // Every list drops it, as for everyone else; one's grid counts one fewer.
          deps.posts.getState().remove(postId)
          if (shown && get().archiveStatus === 'ready') {
            const post = curated(shown, row)
            set((state) => ({
              archived: [post, ...state.archived].sort((a, b) =>
                b.created_at.localeCompare(a.created_at)
              )
            }))
          }
          return CURATION_TOASTS.archived
        }),

      restore: (postId) =>
        change(postId, async () => {
          const row = await deps.curation.setArchived(postId, false)
          const shown = get().archived.find((post) => post.id === postId)
          set((state) => ({ archived: state.archived.filter((post) => post.id !== postId) }))
          if (shown) {
            const post = curated(shown, row)
            deps.posts.getState().put([post])
            deps.people.getState().postCurated(post, 1)
          }
          return CURATION_TOASTS.restored
        }),

      setPinned: (postId, pinned) =>
        change(postId, async () => {
          const row = await deps.curation.setPinned(postId, pinned)
          deps.posts.getState().patch(postId, (post) => curated(post, row))
          const post = deps.posts.getState().byId[postId]
          if (post) deps.people.getState().postCurated(post, 0)
          return pinned ? CURATION_TOASTS.pinned : CURATION_TOASTS.unpinned
        }),

      clear() {
        archivePages.reset()
        set({ archived: [], archiveNext: null, archiveStatus: 'idle', archiveError: null })
      }
    }
  })
}
