// The viewer: it walks one person's stories and then on to the next person, whatever their
// source (storiesSources.ts): the people of the strip and their live stories, the sample
// people of a strip with no real stories yet, or a row of highlights or one's archive. Showing a story marks it seen, and the strip's
// ring follows without a re-read.

import type { Story } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import type { StoriesContext, StoriesState } from './storiesTypes'
import { sortStrip } from './storiesStrip'
import {
  collectionSource,
  firstUnseen,
  liveSource,
  sampleSource,
  type StorySource
} from './storiesSources'

/** Nothing paused: how a viewer opens. */
export const PLAYING = { held: false, toggled: false, busy: false, options: false }

async function showPerson(
  ctx: StoriesContext,
  source: StorySource,
  people: string[],
  personIndex: number
): Promise<void> {
  const { get, set } = ctx
  const userId = people[personIndex]
  set({
    viewer: {
      source: source.kind,
      people,
      titles: source.titles ?? null,
      personIndex,
      stories: [],
      index: 0,
      status: 'loading',
      error: null,
      upcoming: null
    }
  })
  let stories
  try {
    stories = await source.read(people, personIndex)
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
    if (personIndex + 1 < people.length) return showPerson(ctx, source, people, personIndex + 1)
    set({ viewer: null })
    return
  }
  const start = source.start?.(stories, personIndex) ?? firstUnseen(stories)
  source.show({ ...current, stories, index: start, status: 'ready' })
  source.readAhead(people, personIndex)
}

export function viewerActions(
  ctx: StoriesContext
): Pick<
  StoriesState,
  | 'openStories'
  | 'openSamples'
  | 'openCollection'
  | 'closeStories'
  | 'next'
  | 'previous'
  | 'nextPerson'
  | 'previousPerson'
> {
  const { deps, get, set } = ctx
  // The source of the viewer now open; each opening starts afresh (nothing read ahead).
  let source: StorySource = liveSource(ctx)
  const goTo = (people: string[], personIndex: number): Promise<void> =>
    showPerson(ctx, source, people, personIndex)
  const open = (from: StorySource, people: string[], personIndex: number): Promise<void> => {
    source = from
    set({ playback: PLAYING })
    return goTo(people, personIndex)
  }
  return {
    async openStories(userId) {
      const inStrip = get().strip.map((entry) => entry.user_id)
      const start = inStrip.indexOf(userId)
      await open(liveSource(ctx), start < 0 ? [userId] : inStrip.slice(start), 0)
    },
    async openSamples(samples: readonly Story[], startIndex: number) {
      const people = samples.map((sample) => sample.user.id)
      await open(sampleSource(ctx, samples), people, startIndex)
    },
    async openCollection(collection) {
      await open(collectionSource(ctx, collection), collection.keys, collection.startIndex)
    },
    closeStories() {
      set({ viewer: null, playback: PLAYING, strip: sortStrip(get().strip, deps.getUserId()) })
    },
    next() {
      const viewer = get().viewer
      if (!viewer || viewer.status !== 'ready') return
      if (viewer.index + 1 < viewer.stories.length) {
        source.show({ ...viewer, index: viewer.index + 1 })
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
