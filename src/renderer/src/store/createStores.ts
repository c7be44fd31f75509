// All stores, built from the api and the data services they use, so tests pass fakes instead
// of mocking modules. Components reach them through StoresProvider and the hooks (hooks.ts).
// The parts are built in wiring/: the foundation (session, outbox, toasts), the lists of posts
// over the one posts store, and what keeps them right as users change.

import type { Api } from '@shared/bridge-contract'
import type { Services } from '../services'
import { createActivityStore } from './activity/activityStore'
import type { AppStores, OfflineParts } from './appStores'
import { createControlsStore } from './controls/controlsStore'
import { createCollectionsStore, type CollectionsStore } from './collections/collectionsStore'
import { createCurationStore, type CurationStore } from './curation/curationStore'
import { createDirectStore } from './direct/directStore'
import { createHashtagsStore, type HashtagsStore } from './hashtags/hashtagsStore'
import { createPlacesStore } from './places/placesStore'
import { createSeenPostsStore, type SeenPostsStore } from './seenPosts/seenPostsStore'
import { createHighlightsStore, type HighlightsStore } from './highlights/highlightsStore'
import { createPeopleTagsStore } from './peopleTags/peopleTagsStore'
import { createPostActions } from './postActions/postActions'
import { createRouterStore } from './router/routerStore'
import { createSafetyStore } from './safety/safetyStore'
import { createStoriesStore } from './stories/storiesStore'
import { createUiStore } from './ui/uiStore'
import { createPosts, forgetPeopleOnUserChange, trackLists } from './wiring/entities'
import { createFoundation } from './wiring/foundation'
import { createLists } from './wiring/lists'
import { wireOutbox } from './wiring/outboxSync'

export type { OfflineParts } from './appStores'

export function createStores(api: Api, services: Services, offline: OfflineParts = {}): AppStores {
  const base = createFoundation(api, services, offline)
  const { session, outbox, toast, connectivity, offlineCache, getUserId } = base
  const posts = createPosts(services, base)
  const peopleTags = createPeopleTagsStore({ peopleTags: services.peopleTags })
  const lists = createLists(api, services, base, posts, peopleTags)
  trackLists(posts, lists)
  forgetPeopleOnUserChange(base, lists)
  const targets = { session, posts, ...lists }
  base.setTargets(targets)
  wireOutbox(outbox, targets)
  // The archive and highlights follow a story deleted in the viewer; they are made after it.
  let highlights: HighlightsStore | null = null
  const stories = createStoriesStore({
    stories: services.stories,
    getUserId,
    onStoryDeleted: (story) => highlights?.getState().storyDeleted(story)
  })
  highlights = createHighlights(services, base, stories)
  const ui = createUiStore()
  const router = createRouterStore(window)
  const curation = createCuration(services, base, posts, lists, router)
  const safety = createSafetyStore({
    safety: services.safety,
    getUserId,
    // A block or a mute changes what the feeds and the strip may show: read them again.
    onVisibilityChanged: () => {
      lists.followingFeed.getState().invalidate()
      void lists.feed.getState().load()
      void stories.getState().loadStrip()
    }
  })
  return {
    api,
    outbox,
    live: services.live,
    session,
    posts,
    postActions: createPostActions({ session, ui, router, posts, toast, peopleTags, ...lists }),
    ...lists,
    ui,
    toast,
    activity: createActivityStore({
      activity: services.activity,
      live: services.live,
      notifications: api.notifications,
      saved: base.answers
    }),
    direct: createDirectStore({
      direct: services.direct,
      connectivity,
      searchPeople: services.people.searchPeople,
      notify: (message) => toast.getState().show(message),
      notifications: api.notifications,
      saved: base.answers
    }),
    router,
    peopleTags,
    connectivity,
    offlineCache,
    imageRecorder: offline.imageRecorder ?? null,
    stories,
    safety,
    curation,
    highlights,
    hashtags: createHashtags(services, base, lists),
    places: createPlacesStore({ places: services.places }),
    seenPosts: createSeenPosts(services, base, getUserId),
    collections: createCollections(services, base, posts, lists),
    controls: createControlsStore({
      controls: services.controls,
      searchPeople: services.people.searchPeople,
      getUserId
    })
  }
}

/** The cards the reader has seen; a new user starts with nothing pending. */
function createSeenPosts(
  services: Services,
  base: ReturnType<typeof createFoundation>,
  getUserId: () => string | null
): SeenPostsStore {
  const seenPosts = createSeenPostsStore({ seenPosts: services.seenPosts, getUserId })
  base.onUserChange(() => seenPosts.getState().reset())
  return seenPosts
}

/** The reader's followed hashtags; a change reads the Following feed again. */
function createHashtags(
  services: Services,
  base: ReturnType<typeof createFoundation>,
  lists: ReturnType<typeof createLists>
): HashtagsStore {
  const hashtags = createHashtagsStore({
    hashtags: services.hashtags,
    searchHashtags: services.peopleTags.searchHashtags,
    notify: (message) => base.toast.getState().show(message),
    onChanged: () => lists.followingFeed.getState().invalidate()
  })
  base.onUserChange(() => hashtags.getState().clear())
  return hashtags
}

/** The signed-in person's saved collections; they belong to whoever is signed in. */
function createCollections(
  services: Services,
  base: ReturnType<typeof createFoundation>,
  posts: AppStores['posts'],
  lists: ReturnType<typeof createLists>
): CollectionsStore {
  const collections = createCollectionsStore({
    collections: services.collections,
    posts,
    saved: lists.saved,
    getUserId: base.getUserId
  })
  let userId = base.getUserId()
  base.session.subscribe(() => {
    if (base.getUserId() === userId) return
    userId = base.getUserId()
    collections.getState().clear()
  })
  return collections
}

/** The author's Archive and pins; the Archive belongs to whoever is signed in. */
function createCuration(
  services: Services,
  base: ReturnType<typeof createFoundation>,
  posts: AppStores['posts'],
  lists: ReturnType<typeof createLists>,
  router: AppStores['router']
): CurationStore {
  const curation = createCurationStore({
    curation: services.curation,
    posts,
    people: lists.people,
    post: lists.post,
    router,
    toast: base.toast,
    getUserId: base.getUserId
  })
  base.onUserChange(() => curation.getState().clear())
  return curation
}

/** The story archive and highlights; both belong to whoever is signed in. */
function createHighlights(
  services: Services,
  base: ReturnType<typeof createFoundation>,
  stories: AppStores['stories']
): HighlightsStore {
  const highlights = createHighlightsStore({
    highlights: services.highlights,
    stories: services.stories,
    viewer: stories,
    toast: base.toast,
    getUserId: base.getUserId
  })
  base.onUserChange(() => highlights.getState().clear())
  return highlights
}
