// Saved collections (docs/product.md, "Likes, saved, tags and suggestions"): the signed-in
// person's collections with their covers (the Saved tab's tiles), the save sheet of one post
// (which collections hold it), and one open collection's grid. Filing a post saves it too
// (the database does both at once), so the saved store hears of it; an unsaved post leaves every
// collection (the database's cascade), so this drops it from what it holds. Who may do what is
// the database's; this keeps the lists the screens show and hands refusals back in words.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { SaveCollection } from '@shared/domain'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import type { Services } from '../../services'
import type { PageCursor } from '../../services/types'
import type { PostsStore } from '../posts/postsStore'
import type { SavedStore } from '../saved/savedStore'
import { collectionNameProblem } from '../../services/rules'
import { appendNew, pagedList } from '../pagedList'

export interface CollectionsDeps {
  collections: Services['collections']
  posts: PostsStore
  saved: SavedStore
  getUserId(): string | null
}

type Status = 'idle' | 'loading' | 'ready' | 'failed'

export interface OpenCollection {
  id: string
  /** Its posts the reader still sees, last filed first (the posts store holds them). */
  ids: string[]
  next: PageCursor | null
  status: Status
  error: Text | null
}

export interface CollectionsState {
  /** The signed-in person's collections, newest first, with their covers. */
  list: SaveCollection[]
  listStatus: Status
  listError: Text | null
  /** The post the save sheet is open for, or null. */
  sheetPostId: string | null
  /** Which collections hold that post (the sheet's ticks), once `sheetReady`. */
  holding: ReadonlySet<string>
  /** The ticks are known: until then the sheet's choices wait, so a tap is never undone. */
  sheetReady: boolean
  /** Collections whose tick is on its way to the server. */
  changing: ReadonlySet<string>
  sheetError: Text | null
  open: OpenCollection | null
  loadList(): Promise<void>
  openSheet(postId: string): Promise<void>
  closeSheet(): void
  /** Files the sheet's post in the collection, or takes it out. */
  toggle(collectionId: string): Promise<void>
  /** A new collection (with the sheet's post in it, when given); the problem in words, or null. */
  create(name: string, postId?: string | null): Promise<Text | null>
  rename(collectionId: string, name: string): Promise<Text | null>
  remove(collectionId: string): Promise<Text | null>
  openCollection(collectionId: string, more?: boolean): Promise<void>
  clear(): void
}

export type CollectionsStore = StoreApi<CollectionsState>

const without = (ids: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(ids)
  next.delete(id)
  return next
}

const EMPTY = {
  list: [],
  listStatus: 'idle' as Status,
  listError: null,
  sheetPostId: null,
  holding: new Set<string>(),
  sheetReady: false,
  changing: new Set<string>(),
  sheetError: null,
  open: null
}

export function createCollectionsStore(deps: CollectionsDeps): CollectionsStore {
  const store = createStore<CollectionsState>()((set, get) => {
    const problem = (error: unknown): Text => errorText(error, phrase('errors.unknown'))
    /** The post is saved now (filing saves it): its bookmark fills, and it heads All posts. */
    const markSaved = (postId: string): void => deps.saved.getState().markSaved(postId)

    /** The open collection's grid; a page for another (or a removed) one is dropped. */
    const openPages = pagedList({
      read: (id: string, after: PageCursor | null) => deps.collections.page(id, { after }),
      cursor: () => get().open?.next ?? null,
      loading: (more, id) =>
        set((state) => ({
          open: {
            id,
            ids: more && state.open ? state.open.ids : [],
            next: more && state.open ? state.open.next : null,
            status: 'loading',
            error: null
          }
        })),
      readMark: () => deps.posts.getState().readMark(),
      arrived(page, _more, id, mark) {
        deps.posts.getState().put(page.items, mark)
        set((state) =>
          state.open?.id === id
            ? {
                open: {
                  ...state.open,
                  ids: appendNew(state.open.ids, page.items),
                  next: page.next,
                  status: 'ready'
                }
              }
            : {}
        )
      },
      failed: (error, _more, id) =>
        set((state) =>
          state.open?.id === id ? { open: { ...state.open, status: 'failed', error } } : {}
        )
    })

    return {
      ...EMPTY,

      async loadList() {
        if (!deps.getUserId()) return
        set({ listStatus: 'loading', listError: null })
        try {
          set({ list: await deps.collections.list(), listStatus: 'ready' })
        } catch (error) {
          set({ listStatus: 'failed', listError: problem(error) })
        }
      },

      async openSheet(postId) {
        if (!deps.getUserId()) return
        set({
          sheetPostId: postId,
          holding: new Set(),
          sheetReady: false,
          changing: new Set(),
          sheetError: null
        })
        try {
          const [holding] = await Promise.all([deps.collections.holding(postId), get().loadList()])
          if (get().sheetPostId === postId) set({ holding: new Set(holding), sheetReady: true })
        } catch (error) {
          if (get().sheetPostId === postId) set({ sheetError: problem(error) })
        }
      },

      closeSheet: () =>
        set({ sheetPostId: null, holding: new Set(), sheetReady: false, sheetError: null }),

      async toggle(collectionId) {
        const postId = get().sheetPostId
        if (!postId || !get().sheetReady || get().changing.has(collectionId)) return
        const filing = !get().holding.has(collectionId)
        const show = (held: boolean): void =>
          set((state) => ({
            holding: held
              ? new Set([...state.holding, collectionId])
              : without(state.holding, collectionId)
          }))
        show(filing)
        set((state) => ({
          changing: new Set([...state.changing, collectionId]),
          sheetError: null
        }))
        try {
          if (filing) {
            await deps.collections.add(collectionId, postId)
            markSaved(postId)
          } else {
            await deps.collections.take(collectionId, postId)
            // Out of the open collection's grid too; it stays saved.
            set((state) =>
              state.open?.id === collectionId
                ? { open: { ...state.open, ids: state.open.ids.filter((id) => id !== postId) } }
                : {}
            )
          }
          void get().loadList()
        } catch (error) {
          if (get().sheetPostId === postId) {
            show(!filing)
            set({ sheetError: problem(error) })
          }
        }
        set((state) => ({ changing: without(state.changing, collectionId) }))
      },

      async create(name, postId = null) {
        const refused = collectionNameProblem(name)
        if (refused) return refused
        try {
          const id = await deps.collections.create(name, postId)
          if (postId) {
            markSaved(postId)
            if (get().sheetPostId === postId) {
              set((state) => ({ holding: new Set([...state.holding, id]) }))
            }
          }
        } catch (error) {
          return problem(error)
        }
        await get().loadList()
        return null
      },

      async rename(collectionId, name) {
        const refused = collectionNameProblem(name)
        if (refused) return refused
        try {
          await deps.collections.rename(collectionId, name)
        } catch (error) {
          return problem(error)
        }
        set((state) => ({
          list: state.list.map((held) =>
            held.id === collectionId ? { ...held, name: name.trim() } : held
          )
        }))
        return null
      },

      async remove(collectionId) {
        try {
          await deps.collections.remove(collectionId)
        } catch (error) {
          return problem(error)
        }
        set((state) => ({
          list: state.list.filter((held) => held.id !== collectionId),
          open: state.open?.id === collectionId ? null : state.open
        }))
        return null
      },

      async openCollection(collectionId, more = false) {
        const held = get().open
        const same = held?.id === collectionId
        if (!deps.getUserId() || (same && held.status === 'loading')) return
        if (!more) await openPages.first(collectionId)
        else if (same) await openPages.more()
      },

      clear() {
        openPages.reset()
        set({ ...EMPTY, holding: new Set(), changing: new Set() })
      }
    }
  })
  // Unsaving removes a post from every collection (the database's cascade): out of the open
  // grid and the sheet's ticks, and the covers are read again.
  deps.saved.subscribe((state, before) => {
    const gone = [...before.savedIds].filter((id) => !state.savedIds.has(id))
    if (gone.length === 0) return
    const held = store.getState()
    const sheetGone = held.sheetPostId !== null && gone.includes(held.sheetPostId)
    store.setState({
      open: held.open
        ? { ...held.open, ids: held.open.ids.filter((id) => !gone.includes(id)) }
        : null,
      holding: sheetGone ? new Set() : held.holding
    })
    if (held.listStatus !== 'idle') void store.getState().loadList()
  })
  return store
}
