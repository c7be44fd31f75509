// The story archive and highlights (docs/product.md, "Stories"): one's own stories, live and
// expired, newest first (Settings › Archive); each profile's highlights as the reader may see
// them; and one's own highlights made, edited, reordered and deleted. Both open in the one story
// viewer (the stories store's openCollection). Who sees what is the database's; this keeps the
// lists the screens show and says failures in words.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { LiveStory, StoryHighlight } from '@shared/domain'
import type { Services } from '../../services'
import { highlightDraftProblem } from '../../services/rules'
import type { HighlightDraft, PageCursor } from '../../services/types'
import type { StoriesStore } from '../stories/storiesStore'
import type { ToastStore } from '../toast/toastStore'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import { pagedList } from '../pagedList'

export type { HighlightDraft } from '../../services/types'

export const HIGHLIGHT_TOASTS = {
  created: phrase('toasts.highlightCreated'),
  saved: phrase('toasts.highlightSaved'),
  deleted: phrase('toasts.highlightDeleted')
} as const

export interface HighlightsDeps {
  highlights: Services['highlights']
  stories: Services['stories']
  viewer: StoriesStore
  toast: ToastStore
  getUserId(): string | null
}

export interface HighlightsState {
  /** Each person's highlights as the reader sees them, in their order, by user id. */
  byPerson: Record<string, StoryHighlight[]>
  /** The signed-in user's stories, live and expired, newest first. */
  archive: LiveStory[]
  archiveNext: PageCursor | null
  archiveStatus: 'idle' | 'loading' | 'ready' | 'failed'
  archiveError: Text | null
  loadHighlights(userId: string): Promise<void>
  loadArchive(more?: boolean): Promise<void>
  /** Plays a person's highlights from this one on, in the story viewer. */
  openHighlight(userId: string, highlightId: string): Promise<void>
  /** Plays the loaded archive (oldest first) from this story, in the story viewer. */
  openArchived(storyId: string): Promise<void>
  /** One of one's highlights' stories, for its editor. */
  highlightStories(highlightId: string): Promise<LiveStory[]>
  /** Makes (no id) or changes a highlight of one's own; the problem in words, or null. */
  save(draft: HighlightDraft, highlightId?: string): Promise<Text | null>
  remove(highlightId: string): Promise<boolean>
  /** Moves one's highlight one place earlier (-1) or later (1). */
  move(highlightId: string, by: -1 | 1): Promise<void>
  /** A story of one's own was deleted: out of the archive, and one's highlights read again. */
  storyDeleted(story: Pick<LiveStory, 'id' | 'user_id'>): void
  clear(): void
}

export type HighlightsStore = StoreApi<HighlightsState>

export function createHighlightsStore(deps: HighlightsDeps): HighlightsStore {
  return createStore<HighlightsState>()((set, get) => {
    const say = (message: Text): void => deps.toast.getState().show(message)
    const reloadOwn = async (): Promise<void> => {
      const userId = deps.getUserId()
      if (userId) await get().loadHighlights(userId)
    }

    const archivePages = pagedList({
      read: (userId: string, after: PageCursor | null) =>
        deps.stories.archivePage(userId, { after }),
      cursor: () => get().archiveNext,
      loading: () => set({ archiveStatus: 'loading', archiveError: null }),
      arrived: (page, more) =>
        set((state) => ({
          archive: more ? [...state.archive, ...page.items] : page.items,
          archiveNext: page.next,
          archiveStatus: 'ready'
        })),
      failed: (archiveError) => set({ archiveStatus: 'failed', archiveError })
    })

    return {
      byPerson: {},
      archive: [],
      archiveNext: null,
      archiveStatus: 'idle',
      archiveError: null,

      async loadHighlights(userId) {
        if (!deps.getUserId()) return
        try {
          const list = await deps.highlights.fetch(userId)
          set((state) => ({ byPerson: { ...state.byPerson, [userId]: list } }))
        } catch (error) {
          // A profile without its highlights row is still a profile.
          console.error('Error fetching highlights', error)
        }
      },

      async loadArchive(more = false) {
        const userId = deps.getUserId()
        if (!userId || get().archiveStatus === 'loading') return
        await (more ? archivePages.more() : archivePages.first(userId))
      },

      async openHighlight(userId, highlightId) {
        const list = get().byPerson[userId] ?? []
        const startIndex = list.findIndex((highlight) => highlight.id === highlightId)
        if (startIndex < 0) return
        await deps.viewer.getState().openCollection({
          kind: 'highlight',
          keys: list.map((highlight) => highlight.id),
          titles: list.map((highlight) => highlight.title),
          startIndex,
          read: (key) => deps.highlights.fetchStories(key)
        })
      },

      async openArchived(storyId) {
        const oldestFirst = [...get().archive].reverse()
        await deps.viewer.getState().openCollection({
          kind: 'archive',
          keys: ['archive'],
          startIndex: 0,
          startStoryId: storyId,
          read: async () => oldestFirst
        })
      },

      highlightStories: (highlightId) => deps.highlights.fetchStories(highlightId),

      async save(draft, highlightId) {
        const problem = highlightDraftProblem(draft)
        if (problem) return problem
        try {
          if (highlightId) await deps.highlights.edit(highlightId, draft)
          else await deps.highlights.create(draft)
        } catch (error) {
          return errorText(error, phrase('errors.unknown'))
        }
        await reloadOwn()
        say(highlightId ? HIGHLIGHT_TOASTS.saved : HIGHLIGHT_TOASTS.created)
        return null
      },

      async remove(highlightId) {
        try {
          await deps.highlights.remove(highlightId)
        } catch (error) {
          say(errorText(error, phrase('errors.unknown')))
          return false
        }
        set((state) => ({
          byPerson: Object.fromEntries(
            Object.entries(state.byPerson).map(([userId, list]) => [
              userId,
              list.filter((highlight) => highlight.id !== highlightId)
            ])
          )
        }))
        say(HIGHLIGHT_TOASTS.deleted)
        return true
      },

      async move(highlightId, by) {
        const userId = deps.getUserId()
        const before = userId ? get().byPerson[userId] : undefined
        if (!userId || !before) return
        const from = before.findIndex((highlight) => highlight.id === highlightId)
        const to = from + by
        if (from < 0 || to < 0 || to >= before.length) return
        const after = [...before]
        after.splice(to, 0, ...after.splice(from, 1))
        set((state) => ({ byPerson: { ...state.byPerson, [userId]: after } }))
        try {
          await deps.highlights.reorder(after.map((highlight) => highlight.id))
        } catch (error) {
          set((state) => ({ byPerson: { ...state.byPerson, [userId]: before } }))
          say(errorText(error, phrase('errors.unknown')))
        }
      },

      storyDeleted(story) {
        set((state) => ({ archive: state.archive.filter((held) => held.id !== story.id) }))
        if (story.user_id === deps.getUserId()) void reloadOwn()
      },

      clear() {
        archivePages.reset()
        set({
          byPerson: {},
          archive: [],
          archiveNext: null,
          archiveStatus: 'idle',
          archiveError: null
        })
      }
    }
  })
}
