// Stories (docs/product.md, "Stories"): the strip, the viewer that one action opens
// (openStories(userId), so a route can open it later with one line), posting and deleting.
// The viewer walks one person's live stories and then on to the next person of the strip;
// showing a story marks it seen, and the strip's ring follows without a re-read.
// The actions live by concern in storiesViewer.ts and storiesStrip.ts; this composes them.

import { createStore } from 'zustand/vanilla'
import { stripActions } from './storiesStrip'
import type { StoriesContext, StoriesDeps, StoriesState, StoriesStore } from './storiesTypes'
import { playbackActions } from './storiesPlayback'
import { PLAYING, viewerActions } from './storiesViewer'

export type {
  NewStoryInput,
  StoriesDeps,
  StoriesState,
  StoriesStore,
  StoriesViewerState
} from './storiesTypes'
export { sortStrip } from './storiesStrip'
export { selectPaused } from './storiesPlayback'

export function createStoriesStore(deps: StoriesDeps): StoriesStore {
  return createStore<StoriesState>()((set, get) => {
    const ctx: StoriesContext = { deps, set, get }
    return {
      strip: [],
      stripLoaded: false,
      viewer: null,
      playback: PLAYING,
      samplesSeen: new Set(),
      ...stripActions(ctx),
      ...viewerActions(ctx),
      ...playbackActions(ctx),
      fetchViewers(story) {
        return deps.stories.fetchViewers(story)
      },
      // The samples seen stay grey: they are the same for everyone on this device.
      clear() {
        set({ strip: [], stripLoaded: false, viewer: null, playback: PLAYING })
      }
    }
  })
}
