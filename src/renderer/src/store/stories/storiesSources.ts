// Where the viewer's stories come from. Live stories are read per person (the next person's
// read ahead while the current one's show) and marked seen on the server, the strip's ring
// following. A collection (highlights, one's archive) is read per key the same way and marks
// nothing: an archived story's viewers list stays as it was. Sample stories (a visitor's strip, or one with no real stories yet) are frames
// drawn in code (services/sampleData.ts): nothing is read or written, and a sample person shown
// greys their ring for the session.

import type { LiveStory, Story } from '@shared/domain'
import { sampleStoryFrames } from '../../services/sampleData'
import type { StoriesContext, StoriesViewerState, StoryCollection } from './storiesTypes'

export interface StorySource {
  kind: StoriesViewerState['source']
  /** Names shown instead of the author's, one per key (highlights). */
  titles?: string[]
  /** Where a key's stories start, when not at the first unseen. */
  start?(stories: LiveStory[], personIndex: number): number
  /** The stories of `people[personIndex]`, oldest first. */
  read(people: string[], personIndex: number): Promise<LiveStory[]>
  /** Starts reading the person after `personIndex` (their first story is then `upcoming`). */
  readAhead(people: string[], personIndex: number): void
  /** Shows `viewer` with its current story marked seen, in one update. */
  show(viewer: StoriesViewerState): void
}

/** Where to start: the first story not seen yet, or the first when all were. */
export function firstUnseen(stories: LiveStory[]): number {
  const index = stories.findIndex((story) => !story.seen)
  return index < 0 ? 0 : index
}

/** Names the first story of the next person once it is known, if the viewer is still there. */
function upcomingWhenRead(
  { get, set }: StoriesContext,
  people: string[],
  personIndex: number,
  stories: Promise<LiveStory[]>
): void {
  stories.then(
    (list) => {
      const viewer = get().viewer
      if (!viewer || viewer.people !== people || viewer.personIndex !== personIndex) return
      set({ viewer: { ...viewer, upcoming: list[firstUnseen(list)] ?? null } })
    },
    () => undefined
  )
}

/**
 * The people of the strip and their live stories. The next person's are read while the current
 * person's show, so moving on needs no wait; only for the viewer that asked.
 */
export function liveSource(ctx: StoriesContext): StorySource {
  const { deps, get, set } = ctx
  let prefetched: { people: string[]; userId: string; stories: Promise<LiveStory[]> } | null = null
  return {
    kind: 'live',
    read(people, personIndex) {
      const userId = people[personIndex]
      if (prefetched && prefetched.people === people && prefetched.userId === userId) {
        const { stories } = prefetched
        prefetched = null
        return stories
      }
      return deps.stories.fetchUserStories(userId, deps.getUserId())
    },
    readAhead(people, personIndex) {
      const userId = people[personIndex + 1]
      if (!userId) return
      const stories = deps.stories.fetchUserStories(userId, deps.getUserId())
      prefetched = { people, userId, stories }
      upcomingWhenRead(ctx, people, personIndex, stories)
      // Read again, with its error shown, when the viewer gets there.
      stories.catch(() => {
        if (prefetched?.stories === stories) prefetched = null
      })
    },
    // Seen here, in the same update, so a step costs one render; then on the server.
    show(viewer) {
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
  }
}

/** A sample person's frames as the viewer shows stories. */
function sampleFrames(sample: Story): LiveStory[] {
  return sampleStoryFrames(sample.user).map((url, frame) => ({
    id: `${sample.id}:${frame}`,
    user_id: sample.user.id,
    image_url: url,
    thumb_url: null,
    width: 1080,
    height: 1920,
    placeholder: null,
    caption: null,
    created_at: '',
    expires_at: '',
    seen: false,
    profiles: { username: sample.user.username, full_name: null, avatar_url: sample.user.avatar }
  }))
}

/** The sample people of the strip, in its order; `people` are their ids. */
export function sampleSource({ get, set }: StoriesContext, samples: readonly Story[]): StorySource {
  const byPerson = new Map(samples.map((sample) => [sample.user.id, sample]))
  const framesOf = (userId: string | undefined): LiveStory[] => {
    const sample = userId === undefined ? undefined : byPerson.get(userId)
    return sample ? sampleFrames(sample) : []
  }
  return {
    kind: 'samples',
    read: async (people, personIndex) => framesOf(people[personIndex]),
    readAhead(people, personIndex) {
      const viewer = get().viewer
      const upcoming = framesOf(people[personIndex + 1])[0] ?? null
      if (viewer && viewer.people === people) set({ viewer: { ...viewer, upcoming } })
    },
    show(viewer) {
      const story = viewer.stories[viewer.index]
      const sample = story && byPerson.get(story.user_id)
      const seen = get().samplesSeen
      set({
        viewer,
        ...(sample && !seen.has(sample.id) && { samplesSeen: new Set(seen).add(sample.id) })
      })
    }
  }
}

/** A row of highlights, or one's archive: read per key, the next one ahead, nothing marked seen. */
export function collectionSource(ctx: StoriesContext, collection: StoryCollection): StorySource {
  const { set } = ctx
  let prefetched: { key: string; stories: Promise<LiveStory[]> } | null = null
  return {
    kind: collection.kind,
    titles: collection.titles,
    start(stories, personIndex) {
      if (personIndex !== collection.startIndex || !collection.startStoryId) return 0
      return Math.max(
        stories.findIndex((story) => story.id === collection.startStoryId),
        0
      )
    },
    read(people, personIndex) {
      const key = people[personIndex]
      if (prefetched?.key === key) {
        const { stories } = prefetched
        prefetched = null
        return stories
      }
      return collection.read(key)
    },
    readAhead(people, personIndex) {
      const key = people[personIndex + 1]
      if (!key) return
      const stories = collection.read(key)
      prefetched = { key, stories }
      upcomingWhenRead(ctx, people, personIndex, stories)
      stories.catch(() => {
        if (prefetched?.stories === stories) prefetched = null
      })
    },
    show: (viewer) => set({ viewer })
  }
}
