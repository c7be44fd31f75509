// Stories (docs/product.md, "Stories"): the strip, the viewer that one action opens
// (openStories(userId), so a route can open it later with one line), posting and deleting.
// The viewer walks one person's live stories and then on to the next person of the strip;
// showing a story marks it seen, and the strip's ring follows without a re-read.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ImageFile, PostRenditions } from '@shared/bridge-contract'
import type { LiveStory, StoryStripEntry, StoryViewer } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import type { Services } from '../../services'

export interface StoriesViewerState {
  /** The people the viewer walks through, in strip order when it opened. */
  people: string[]
  personIndex: number
  /** The current person's live stories, oldest first; empty while loading. */
  stories: LiveStory[]
  index: number
  status: 'loading' | 'ready' | 'error'
  error: string | null
  /** The story the next person's turn starts with, once read: the viewer decodes its photo. */
  upcoming: LiveStory | null
}

export interface NewStoryInput {
  image: ImageFile
  renditions?: PostRenditions
  text: string
}

export interface StoriesState {
  strip: StoryStripEntry[]
  /** False until the first strip read answers (the strip shows sample people meanwhile). */
  stripLoaded: boolean
  viewer: StoriesViewerState | null
  loadStrip(): Promise<void>
  openStories(userId: string): Promise<void>
  closeStories(): void
  next(): void
  previous(): void
  /** A swipe: straight to the next (or previous) person's stories. */
  nextPerson(): void
  previousPerson(): void
  postStory(input: NewStoryInput): Promise<LiveStory>
  deleteStory(story: LiveStory): Promise<void>
  fetchViewers(story: LiveStory): Promise<StoryViewer[]>
  clear(): void
}

export type StoriesStore = StoreApi<StoriesState>

export interface StoriesDeps {
  stories: Services['stories']
  getUserId(): string | null
}

/** The database's order: the reader first, then unseen, then seen, newest first in each. */
export function sortStrip(strip: StoryStripEntry[], me: string | null): StoryStripEntry[] {
  return [...strip].sort(
    (a, b) =>
      Number(b.user_id === me) - Number(a.user_id === me) ||
      Number(b.has_unseen) - Number(a.has_unseen) ||
      b.latest_at.localeCompare(a.latest_at)
  )
}

/** Where to start: the first story not seen yet, or the first when all were. */
function firstUnseen(stories: LiveStory[]): number {
  const index = stories.findIndex((story) => !story.seen)
  return index < 0 ? 0 : index
}

export function createStoriesStore(deps: StoriesDeps): StoriesStore {
  return createStore<StoriesState>()((set, get) => {
    /**
     * The next person's stories, read while the current person's show, so moving on to them
     * needs no wait. Only for the viewer that asked; a new opening starts afresh.
     */
    let prefetched: { people: string[]; userId: string; stories: Promise<LiveStory[]> } | null =
      null

    function readStories(people: string[], userId: string): Promise<LiveStory[]> {
      if (prefetched && prefetched.people === people && prefetched.userId === userId) {
        const { stories } = prefetched
        prefetched = null
        return stories
      }
      return deps.stories.fetchUserStories(userId, deps.getUserId())
    }

    function prefetchNext(people: string[], personIndex: number): void {
      const userId = people[personIndex + 1]
      if (!userId) return
      const stories = deps.stories.fetchUserStories(userId, deps.getUserId())
      prefetched = { people, userId, stories }
      stories.then(
        (list) => {
          const viewer = get().viewer
          if (!viewer || viewer.people !== people || viewer.personIndex !== personIndex) return
          set({ viewer: { ...viewer, upcoming: list[firstUnseen(list)] ?? null } })
        },
        // Read again, with its error shown, when the viewer gets there.
        () => {
          if (prefetched?.stories === stories) prefetched = null
        }
      )
    }

    /**
     * Shows `viewer`, with its current story marked seen (here, in the same update, so a step
     * costs one render; then on the server).
     */
    function show(viewer: StoriesViewerState): void {
      const story = viewer.stories[viewer.index]
      if (!story || story.seen || !deps.getUserId()) {
        set({ viewer })
        return
      }
      const stories = viewer.stories.map((held) =>
        held.id === story.id ? { ...held, seen: true } : held
      )
      const hasUnseen = stories.some((held) => !held.seen)
      const strip = get().strip
      // The strip (and so its component) changes only when the ring turns grey.
      const ringChanges = strip.some(
        (entry) => entry.user_id === story.user_id && entry.has_unseen !== hasUnseen
      )
      set({
        viewer: { ...viewer, stories },
        strip: ringChanges
          ? strip.map((entry) =>
              entry.user_id === story.user_id ? { ...entry, has_unseen: hasUnseen } : entry
            )
          : strip
      })
      deps.stories.markSeen(story.id).catch((error: unknown) => {
        // The story may have expired or been deleted meanwhile; the next strip read says so.
        console.error('Could not mark story seen', error)
      })
    }

    async function showPerson(people: string[], personIndex: number): Promise<void> {
      const userId = people[personIndex]
      set({
        viewer: {
          people,
          personIndex,
          stories: [],
          index: 0,
          status: 'loading',
          error: null,
          upcoming: null
        }
      })
      let stories: LiveStory[]
      try {
        stories = await readStories(people, userId)
      } catch (error) {
        if (get().viewer?.people[get().viewer!.personIndex] !== userId) return
        set({
          viewer: {
            ...get().viewer!,
            status: 'error',
            error: messageOr(error, MESSAGES.storiesFailed)
          }
        })
        return
      }
      const current = get().viewer
      if (!current || current.people !== people || current.personIndex !== personIndex) return
      if (stories.length === 0) {
        // Expired or deleted since the strip was read: drop the bubble and move on.
        set({ strip: get().strip.filter((entry) => entry.user_id !== userId) })
        if (personIndex + 1 < people.length) return showPerson(people, personIndex + 1)
        set({ viewer: null })
        return
      }
      show({ ...current, stories, index: firstUnseen(stories), status: 'ready' })
      prefetchNext(people, personIndex)
    }

    return {
      strip: [],
      stripLoaded: false,
      viewer: null,
      async loadStrip() {
        try {
          const strip = await deps.stories.fetchStrip()
          set({ strip, stripLoaded: true })
        } catch (error) {
          console.error('Error fetching stories', error)
          set({ stripLoaded: true })
        }
      },
      async openStories(userId) {
        prefetched = null
        const inStrip = get().strip.map((entry) => entry.user_id)
        const start = inStrip.indexOf(userId)
        const people = start < 0 ? [userId] : inStrip.slice(start)
        await showPerson(people, 0)
      },
      closeStories() {
        set({ viewer: null, strip: sortStrip(get().strip, deps.getUserId()) })
      },
      next() {
        const viewer = get().viewer
        if (!viewer || viewer.status !== 'ready') return
        if (viewer.index + 1 < viewer.stories.length) {
          show({ ...viewer, index: viewer.index + 1 })
        } else if (viewer.personIndex + 1 < viewer.people.length) {
          void showPerson(viewer.people, viewer.personIndex + 1)
        } else {
          get().closeStories()
        }
      },
      previous() {
        const viewer = get().viewer
        if (!viewer || viewer.status !== 'ready') return
        if (viewer.index > 0) {
          set({ viewer: { ...viewer, index: viewer.index - 1 } })
        } else if (viewer.personIndex > 0) {
          void showPerson(viewer.people, viewer.personIndex - 1)
        }
      },
      nextPerson() {
        const viewer = get().viewer
        if (!viewer) return
        if (viewer.personIndex + 1 < viewer.people.length) {
          void showPerson(viewer.people, viewer.personIndex + 1)
        } else {
          get().closeStories()
        }
      },
      previousPerson() {
        const viewer = get().viewer
        if (viewer && viewer.personIndex > 0) void showPerson(viewer.people, viewer.personIndex - 1)
      },
      async postStory({ image, renditions, text }) {
        if (!renditions) throw new Error(MESSAGES.storyNeedsProcessing)
        const story = await deps.stories.post({
          userId: deps.getUserId(),
          bytes: image.bytes,
          declaredType: image.type,
          text,
          renditions: {
            thumbnailBytes: renditions.thumbnail.bytes,
            thumbnailType: renditions.thumbnail.type,
            width: renditions.width,
            height: renditions.height,
            placeholder: renditions.placeholder
          }
        })
        const own = get().strip.find((entry) => entry.user_id === story.user_id)
        const entry: StoryStripEntry = {
          user_id: story.user_id,
          username: story.profiles?.username ?? own?.username ?? '',
          full_name: story.profiles?.full_name ?? own?.full_name ?? null,
          avatar_url: story.profiles?.avatar_url ?? own?.avatar_url ?? null,
          has_unseen: true,
          story_count: (own?.story_count ?? 0) + 1,
          latest_at: story.created_at
        }
        const others = get().strip.filter((held) => held.user_id !== story.user_id)
        set({ strip: [entry, ...others], stripLoaded: true })
        return story
      },
      async deleteStory(story) {
        await deps.stories.remove(story)
        const viewer = get().viewer
        const strip = get().strip
        const own = strip.find((entry) => entry.user_id === story.user_id)
        const remaining = (own?.story_count ?? 1) - 1
        set({
          strip:
            remaining > 0
              ? strip.map((entry) => (entry === own ? { ...entry, story_count: remaining } : entry))
              : strip.filter((entry) => entry !== own)
        })
        if (!viewer) return
        const stories = viewer.stories.filter((held) => held.id !== story.id)
        if (stories.length === 0) {
          set({ viewer: null })
          return
        }
        set({ viewer: { ...viewer, stories, index: Math.min(viewer.index, stories.length - 1) } })
      },
      fetchViewers(story) {
        return deps.stories.fetchViewers(story)
      },
      clear() {
        set({ strip: [], stripLoaded: false, viewer: null })
      }
    }
  })
}
