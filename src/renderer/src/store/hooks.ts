// How components reach the stores: StoresProvider at the top, then one hook per store, each
// taking a narrow selector (never the whole store).

import { createContext, createElement, useContext, type ReactNode, type ReactElement } from 'react'
import { useStore } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { Post } from '@shared/domain'
import type { ActivityState } from './activity/activityStore'
import type { CurationState } from './curation/curationStore'
import type { DirectState } from './direct/directStore'
import type { FeedState, FeedStore } from './feed/feedStore'
import type { HighlightsState } from './highlights/highlightsStore'
import type { PostsState } from './posts/postsStore'
import type { PeopleState } from './people/peopleStore'
import type { Person } from './people/personEntities'
import type { RouterState } from './router/routerStore'
import type { SessionState } from './session/sessionStore'
import type { StoriesState } from './stories/storiesStore'
import type { SafetyState } from './safety/safetyStore'
import type { UiState } from './ui/uiStore'
import type { PostState } from './openPost/openPostStore'
import type { CommentPreviewState } from './commentPreviews/commentPreviewStore'
import type { SavedState } from './saved/savedStore'
import type { CollectionsState } from './collections/collectionsStore'
import type { LikersState } from './likers/likersStore'
import type { PeopleTagsState } from './peopleTags/peopleTagsStore'
import type { ControlsState } from './controls/controlsStore'
import type { BrowseState } from './browse/browseStore'
import type { HashtagsState } from './hashtags/hashtagsStore'
import type { PlacesState } from './places/placesStore'
import type { ExploreState } from './explore/exploreStore'
import type { ReelsState } from './reels/reelsStore'
import type { ToastState } from './toast/toastStore'
import type { ConnectivityState } from '../offline/connectivityStore'
import type { OutboxState } from '../offline/outbox/outboxStore'
import type { AppStores } from './appStores'

const StoresContext = createContext<AppStores | null>(null)

export function StoresProvider(props: { stores: AppStores; children: ReactNode }): ReactElement {
  return createElement(StoresContext.Provider, { value: props.stores }, props.children)
}

export function useStores(): AppStores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error('useStores must be used inside StoresProvider')
  return stores
}

export function useOutbox<T>(selector: (state: OutboxState) => T): T {
  return useStore(useStores().outbox, selector)
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useStores().session, selector)
}

/**
 * Which feed store the feed components show: the home feed, unless a FeedSourceProvider
 * above them picks another (the Following tab).
 */
const FeedSourceContext = createContext<FeedStore | null>(null)

export function FeedSourceProvider(props: { feed: FeedStore; children: ReactNode }): ReactElement {
  return createElement(FeedSourceContext.Provider, { value: props.feed }, props.children)
}

export function useFeedStore(): FeedStore {
  const stores = useStores()
  return useContext(FeedSourceContext) ?? stores.feed
}

export function usePosts<T>(selector: (state: PostsState) => T): T {
  return useStore(useStores().posts, selector)
}

/** The open post as the posts store holds it; null while none is open or it is loading. */
export function useOpenPost(): Post | null {
  const openId = usePost((state) => state.openId)
  return usePosts((state) => (openId ? (state.byId[openId] ?? null) : null))
}

export function useFeed<T>(selector: (state: FeedState) => T): T {
  return useStore(useFeedStore(), selector)
}

export function usePeople<T>(selector: (state: PeopleState) => T): T {
  return useStore(useStores().people, selector)
}

/** The person with this id as the people store holds them; undefined while unknown. */
export function usePerson(id: string): Person | undefined {
  return usePeople((state) => state.byId[id])
}

/** The people a list holds by id, in its order (ids not held are left out). */
export function usePeopleByIds(ids: readonly string[]): Person[] {
  return usePeople(
    useShallow((state) => ids.flatMap((id) => (state.byId[id] ? [state.byId[id]] : [])))
  )
}

export function useRouter<T>(selector: (state: RouterState) => T): T {
  return useStore(useStores().router, selector)
}

export function useUi<T>(selector: (state: UiState) => T): T {
  return useStore(useStores().ui, selector)
}

export function usePost<T>(selector: (state: PostState) => T): T {
  return useStore(useStores().post, selector)
}

export function useCommentPreviews<T>(selector: (state: CommentPreviewState) => T): T {
  return useStore(useStores().commentPreviews, selector)
}

export function useLikers<T>(selector: (state: LikersState) => T): T {
  return useStore(useStores().likers, selector)
}

export function usePeopleTags<T>(selector: (state: PeopleTagsState) => T): T {
  return useStore(useStores().peopleTags, selector)
}

export function useControls<T>(selector: (state: ControlsState) => T): T {
  return useStore(useStores().controls, selector)
}

export function useSaved<T>(selector: (state: SavedState) => T): T {
  return useStore(useStores().saved, selector)
}

export function useCollections<T>(selector: (state: CollectionsState) => T): T {
  return useStore(useStores().collections, selector)
}

export function useToast<T>(selector: (state: ToastState) => T): T {
  return useStore(useStores().toast, selector)
}

export function useBrowse<T>(selector: (state: BrowseState) => T): T {
  return useStore(useStores().browse, selector)
}

export function useHashtags<T>(selector: (state: HashtagsState) => T): T {
  return useStore(useStores().hashtags, selector)
}

export function usePlaces<T>(selector: (state: PlacesState) => T): T {
  return useStore(useStores().places, selector)
}

export function useExplore<T>(selector: (state: ExploreState) => T): T {
  return useStore(useStores().explore, selector)
}

export function useReels<T>(selector: (state: ReelsState) => T): T {
  return useStore(useStores().reels, selector)
}

export function useActivity<T>(selector: (state: ActivityState) => T): T {
  return useStore(useStores().activity, selector)
}

export function useConnectivity<T>(selector: (state: ConnectivityState) => T): T {
  return useStore(useStores().connectivity, selector)
}

export function useStoriesStore<T>(selector: (state: StoriesState) => T): T {
  return useStore(useStores().stories, selector)
}

export function useDirect<T>(selector: (state: DirectState) => T): T {
  return useStore(useStores().direct, selector)
}

export function useSafety<T>(selector: (state: SafetyState) => T): T {
  return useStore(useStores().safety, selector)
}

export function useCuration<T>(selector: (state: CurationState) => T): T {
  return useStore(useStores().curation, selector)
}

export function useHighlights<T>(selector: (state: HighlightsState) => T): T {
  return useStore(useStores().highlights, selector)
}
