// The viewer: it walks one person's live stories and then on to the next person of the strip,
// reading the next person's stories ahead; showing a story marks it seen, and the strip's ring
// follows without a re-read.

import type { LiveStory } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import type { StoriesContext, StoriesState, StoriesViewerState } from './storiesTypes'
import { sortStrip } from './storiesStrip'

/** Where to start: the first story not seen yet, or the first when all were. */
function firstUnseen(stories: LiveStory[]): number {
  const index = stories.findIndex((story) => !story.seen)
  return index < 0 ? 0 : index
}

interface Prefetcher {
  /** The stories of `userId`, from the read ahead when it is for them, else read now. */
  read(people: string[], userId: string): Promise<LiveStory[]>
  /** Reads the stories of the person after `personIndex` ahead. */
  next(people: string[], personIndex: number): void
  reset(): void
}

/**
 * The next person's stories, read while the current person's show, so moving on to them
 * needs no wait. Only for the viewer that asked; a new opening starts afresh.
 */
function createPrefetcher({ deps, get, set }: StoriesContext): Prefetcher {
  let prefetched: { people: string[]; userId: string; stories: Promise<LiveStory[]> } | null = null
  return {
    read(people, userId) {
      if (prefetched && prefetched.people === people && prefetched.userId === userId) {
        const { stories } = prefetched
        prefetched = null
        return stories
      }
      return deps.stories.fetchUserStories(userId, deps.getUserId())
    },
    next(people, personIndex) {
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
    },
    reset() {
      prefetched = null
    }
  }
}

/**
 * Shows `viewer`, with its current story marked seen (here, in the same update, so a step
 * costs one render; then on the server).
 */
function show({ deps, get, set }: StoriesContext, viewer: StoriesViewerState): void {
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

async function showPerson(
  ctx: StoriesContext,
  prefetch: Prefetcher,
  people: string[],
  personIndex: number
): Promise<void> {
  const { get, set } = ctx
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
    stories = await prefetch.read(people, userId)
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
    if (personIndex + 1 < people.length) return showPerson(ctx, prefetch, people, personIndex + 1)
    set({ viewer: null })
    return
  }
  show(ctx, { ...current, stories, index: firstUnseen(stories), status: 'ready' })
  prefetch.next(people, personIndex)
}

export function viewerActions(
  ctx: StoriesContext
): Pick<
  StoriesState,
  'openStories' | 'closeStories' | 'next' | 'previous' | 'nextPerson' | 'previousPerson'
> {
  const { deps, get, set } = ctx
  const prefetch = createPrefetcher(ctx)
  const goTo = (people: string[], personIndex: number): Promise<void> =>
    showPerson(ctx, prefetch, people, personIndex)
  return {
    async openStories(userId) {
      prefetch.reset()
      const inStrip = get().strip.map((entry) => entry.user_id)
      const start = inStrip.indexOf(userId)
      const people = start < 0 ? [userId] : inStrip.slice(start)
      await goTo(people, 0)
    },
    closeStories() {
      set({ viewer: null, strip: sortStrip(get().strip, deps.getUserId()) })
    },
    next() {
      const viewer = get().viewer
      if (!viewer || viewer.status !== 'ready') return
      if (viewer.index + 1 < viewer.stories.length) {
        show(ctx, { ...viewer, index: viewer.index + 1 })
      } else if (viewer.personIndex + 1 < viewer.people.length) {
        void goTo(viewer.people, viewer.personIndex + 1)
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
        void goTo(viewer.people, viewer.personIndex - 1)
      }
    },
    nextPerson() {
      const viewer = get().viewer
      if (!viewer) return
      if (viewer.personIndex + 1 < viewer.people.length) {
        void goTo(viewer.people, viewer.personIndex + 1)
      } else {
        get().closeStories()
      }
    },
    previousPerson() {
      const viewer = get().viewer
      if (viewer && viewer.personIndex > 0) void goTo(viewer.people, viewer.personIndex - 1)
    }
  }
}
