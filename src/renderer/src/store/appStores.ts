// Every store the app has, as createStores (createStores.ts) builds them.

import type { Api } from '@shared/bridge-contract'
import type { Services } from '../services'
import type { ActivityStore } from './activity/activityStore'
import type { CurationStore } from './curation/curationStore'
import type { DirectStore } from './direct/directStore'
import type { FeedStore } from './feed/feedStore'
import type { HighlightsStore } from './highlights/highlightsStore'
import type { PostsStore } from './posts/postsStore'
import type { PeopleStore } from './people/peopleStore'
import type { RouterStore } from './router/routerStore'
import type { SessionStore } from './session/sessionStore'
import type { StoriesStore } from './stories/storiesStore'
import type { SafetyStore } from './safety/safetyStore'
import type { UiStore } from './ui/uiStore'
import type { PostStore } from './openPost/openPostStore'
import type { CommentPreviewStore } from './commentPreviews/commentPreviewStore'
import type { SavedStore } from './saved/savedStore'
import type { CollectionsStore } from './collections/collectionsStore'
import type { ControlsStore } from './controls/controlsStore'
import type { BrowseStore } from './browse/browseStore'
import type { ExploreStore } from './explore/exploreStore'
import type { SeenPostsStore } from './seenPosts/seenPostsStore'
import type { ReelsStore } from './reels/reelsStore'
import type { HashtagsStore } from './hashtags/hashtagsStore'
import type { PlacesStore } from './places/placesStore'
import type { LikersStore } from './likers/likersStore'
import type { PeopleTagsStore } from './peopleTags/peopleTagsStore'
import type { PostActions } from './postActions/postActions'
import type { ToastStore } from './toast/toastStore'
import type { ConnectivityStore } from '../offline/connectivityStore'
import type { OfflineCache } from '../offline/cache'
import type { ImageRecorder } from '../offline/cache/imageRecorder'
import type { OutboxStore } from '../offline/outbox/outboxStore'

export interface AppStores {
  api: Api
  /** The live channels, for the hook that connects them to the stores. */
  live: Services['live']
  session: SessionStore
  /** One copy of each post shown anywhere, and its like; the lists below hold ids. */
  posts: PostsStore
  /** Like, save, open and copy the link of a post, as every view and key does them. */
  postActions: PostActions
  feed: FeedStore
  stories: StoriesStore
  ui: UiStore
  /** The post the post view shows: its comments, and its author's edit and delete. */
  post: PostStore
  commentPreviews: CommentPreviewStore
  saved: SavedStore
  /** The signed-in person's saved collections, the save sheet and an open collection. */
  collections: CollectionsStore
  /** The signed-in person's muted and hidden words, switches and close friends. */
  controls: ControlsStore
  toast: ToastStore
  browse: BrowseStore
  /** The hashtags the reader follows (Settings, a hashtag page's Follow). */
  hashtags: HashtagsStore
  /** The place search of the location picker and the search box's Places tab. */
  places: PlacesStore
  /** Explore: one visit's grid of posts from people the reader does not follow. */
  explore: ExploreStore
  /** The cards the reader has had in view, sent to the backend in batches. */
  seenPosts: SeenPostsStore
  /** Reels: one visit's video posts, one per screen. */
  reels: ReelsStore
  /** Who liked a post: the likers list and the liker each card names. */
  likers: LikersStore
  activity: ActivityStore
  /** Direct messages: the inbox, Requests, the badge count and the open thread. */
  direct: DirectStore
  people: PeopleStore
  /** Who is tagged on each post's photos; Approve and Remove for the tagged person. */
  peopleTags: PeopleTagsStore
  router: RouterStore
  /** The Following tab of the home feed: the same feed store over the Following feed. */
  followingFeed: FeedStore
  /** Whether the backend can be reached (the offline banner, cached reads). */
  connectivity: ConnectivityStore
  /** Saved answers and seen images; null where there is no IndexedDB (component tests). */
  offlineCache: OfflineCache | null
  /** Saves the images shown into `offlineCache`; null without one. */
  imageRecorder: ImageRecorder | null
  /** Actions made while the backend could not be reached, sent when it can. */
  outbox: OutboxStore
  /** Block, mute, report, private account, follow requests, moderation. */
  safety: SafetyStore
  /** The author's Archive, and archiving, restoring and pinning their posts. */
  curation: CurationStore
  /** The story archive, and each profile's highlights (one's own made and changed). */
  highlights: HighlightsStore
}

/** The offline machinery main.tsx makes before the stores (tests leave it out). */
export interface OfflineParts {
  connectivity?: ConnectivityStore
  cache?: OfflineCache | null
  imageRecorder?: ImageRecorder | null
}
