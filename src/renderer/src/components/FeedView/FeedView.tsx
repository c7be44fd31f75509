// The feed view (docs/product.md, "Feed"): stories, the For you / Following tabs and posts in a
// 470 px column, the side panel beside it on large screens. An empty home feed says the spec's
// "No posts yet"; an empty Following feed points to people to follow. Each tab's store keeps its
// posts across navigation and reloads when the user changes (liked states differ); a new post is
// prepended by the store. The list is windowed, and the next page loads as the end comes near.
// Cards half in view for a second are noted as seen (useSeenCards, the seenPosts store); the
// Following feed says "You're all caught up", with suggested posts, right after the last post
// of the window the reader had not seen (CaughtUp, caughtUpAfter), older posts below it.

import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { caughtUpAfter } from '@shared/caught-up'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { useSeenCards } from '../../hooks/useSeenCards'
import { useShallow } from 'zustand/react/shallow'
import { FEED_PLACEHOLDER_COUNT } from '@shared/limits'
import {
  FeedSourceProvider,
  useFeed,
  useFeedStore,
  usePosts,
  useSession,
  useStores
} from '../../store'
import type { FeedTab } from '../../store/router/routes'
import { FeedTabs } from '../FeedTabs/FeedTabs'
import { CaughtUp } from './CaughtUp'
import { FollowingEmpty } from './FollowingEmpty'
import { selectUserId } from '../../store/session/sessionStore'
import { NewPostsPill } from '../NewPostsPill/NewPostsPill'
import { PostCard } from '../PostCard/PostCard'
import { PostSkeleton } from '../PostSkeleton/PostSkeleton'
import { SidePanel } from '../SidePanel/SidePanel'
import { StoriesStrip } from '../StoriesStrip/StoriesStrip'
import { useT } from '../../i18n'
import styles from './FeedView.module.scss'
import { useWindowedList } from './useWindowedList'

/**
 * Card chrome around the image: header, actions, likes, a caption line, age, the "Add a
 * comment…" line and margin.
 */
const CARD_CHROME_PX = 245

/** Tall photos are cropped to 4:5 in the card (see PostCard's .media). */
const MAX_IMAGE_RATIO = 1.25

/** Height over width of each post's image box; 1 (square) for posts made without dimensions. */
export function imageRatio(post: { width?: number | null; height?: number | null }): number {
  return post.width && post.height ? Math.min(post.height / post.width, MAX_IMAGE_RATIO) : 1
}

/** Card heights measured per feed store, kept while the feed is left for another route. */
const measuredHeights = new WeakMap<object, Map<string, number>>()

function heightsOf(feed: object): Map<string, number> {
  let heights = measuredHeights.get(feed)
  if (!heights) measuredHeights.set(feed, (heights = new Map()))
  return heights
}

/** The home feed's empty state, as the spec words it. */
function HomeEmpty(): ReactElement {
  const t = useT()
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>{t('messages.feedEmptyTitle')}</h2>
      <p className={styles.emptyText}>{t('messages.feedEmptyText')}</p>
    </div>
  )
}

/** What a feed shows: `empty` with no posts, and whether it places the "caught up" marker. */
interface FeedParts {
  empty: ReactElement
  caughtUp?: boolean
}

/** Where the marker goes (caughtUpAfter), or null: not this feed, or not known yet. */
function useCaughtUpAt(enabled: boolean, postIds: readonly string[], complete: boolean) {
  // The window is counted from when the feed was shown, so the marker does not wander.
  const [now] = useState(() => Date.now())
  return usePosts((state) =>
    enabled
      ? caughtUpAfter(
          postIds.flatMap((id) => state.byId[id] ?? []),
          complete,
          now
        )
      : null
  )
}

function PostList({ empty, caughtUp = false }: FeedParts): ReactElement {
  const stores = useStores()
  const feed = useFeedStore()
  const signedIn = useSession((state) => state.snapshot.user !== null)
  const status = useFeed((state) => state.status)
  const postIds = useFeed((state) => state.ids)
  const t = useT()
  const ratios = usePosts(
    useShallow((state) => postIds.map((id) => imageRatio(state.byId[id] ?? {})))
  )
  const hasMore = useFeed((state) => state.hasMore)
  const loadingMore = useFeed((state) => state.loadingMore)
  const failed = useFeed((state) => state.loadMoreFailed)
  const trimmedAbove = useFeed((state) => state.trimmedAbove)
  const markerAt = useCaughtUpAt(caughtUp, postIds, !hasMore && !failed)
  const estimateHeight = useCallback(
    (index: number, width: number) => CARD_CHROME_PX + (width || 470) * (ratios[index] ?? 1),
    [ratios]
  )
  const loadMore = useCallback(() => void feed.getState().loadMore(), [feed])
  const loadNewer = useCallback(() => void feed.getState().loadNewer(), [feed])
  const { attachList, attachItem, start, end, paddingTop, paddingBottom } = useWindowedList({
    keys: postIds,
    estimateHeight,
    onNearStart: loadNewer,
    knownHeights: heightsOf(feed)
  })
  // Every page re-arms the sentinel: past FEED_MAX_LOADED_POSTS a page trims as many above as it
  // adds, so the count held alone stays put and a reader at the end would wait there for good.
  const sentinel = useEndSentinel(loadMore, hasMore && !failed, trimmedAbove + postIds.length)
  const markSeen = useCallback((id: string) => stores.seenPosts.getState().mark(id), [stores])
  const watchSeen = useSeenCards(markSeen, signedIn)

  if (status !== 'ready') {
    return (
      <div role="status" aria-label={t('feed.loading')}>
        {Array.from({ length: FEED_PLACEHOLDER_COUNT }, (_, index) => (
          <PostSkeleton key={index} />
        ))}
      </div>
    )
  }
  if (postIds.length === 0) return empty
  return (
    <>
      <div ref={attachList} className={styles.posts} style={{ paddingTop, paddingBottom }}>
        {postIds.slice(start, end).map((id, offset) => {
          const index = start + offset
          return (
            <div key={id} ref={attachItem} data-key={id} className={styles.item}>
              {markerAt === -1 && index === 0 && trimmedAbove === 0 && <CaughtUp olderBelow />}
              {/* The card alone counts for "seen", not the marker an item may also hold. */}
              <div ref={watchSeen} data-seen-key={id}>
                <PostCard postId={id} index={index} />
              </div>
              {markerAt === index && (
                <CaughtUp olderBelow={index < postIds.length - 1 || hasMore} />
              )}
            </div>
          )
        })}
      </div>
      <div ref={sentinel} className={styles.sentinel} data-testid="feed-end" />
      {loadingMore && (
        <div role="status" aria-label={t('feed.loadingMore')}>
          <PostSkeleton />
        </div>
      )}
      {failed && (
        <div className={styles.retry}>
          <p>{t('messages.feedMoreFailed')}</p>
          <button type="button" onClick={loadMore}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
    </>
  )
}

/**
 * Which user each feed store was last loaded for: coming Back to the feed keeps the posts (and
 * so the scroll position) it had; another user's arrival, or the store being invalidated,
 * reloads it.
 */
const loadedFor = new WeakMap<object, string | null>()

function FeedPosts({ empty, caughtUp }: FeedParts): ReactElement {
  const feed = useFeedStore()
  const idle = useFeed((state) => state.status === 'idle')
  const userId = useSession(selectUserId)
  const sessionStatus = useSession((state) => state.status)

  useEffect(() => {
    // Wait for the session so liked states are read for the right user in one go.
    if (sessionStatus !== 'ready') return
    if (loadedFor.has(feed) && loadedFor.get(feed) === userId && feed.getState().status !== 'idle')
      return
    loadedFor.set(feed, userId)
    void feed.getState().load()
  }, [feed, userId, sessionStatus, idle])

  return <PostList empty={empty} caughtUp={caughtUp} />
}

export function FeedView({ tab = 'for-you' }: { tab?: FeedTab }): ReactElement {
  const stores = useStores()
  const signedIn = useSession((state) => state.snapshot.user !== null)
  const following = tab === 'following'
  const t = useT()
  return (
    <div className={styles.layout}>
      <main className={styles.main}>
        <StoriesStrip />
        <FeedTabs />
        {following && !signedIn ? (
          <div className={styles.empty}>
            <h2 className={styles.emptyTitle}>{t('feed.followingSignedOut')}</h2>
            <button
              type="button"
              className={styles.retryButton}
              onClick={() => stores.ui.getState().openAuth('signin')}
            >
              {t('auth.logIn')}
            </button>
          </div>
        ) : (
          <FeedSourceProvider key={tab} feed={following ? stores.followingFeed : stores.feed}>
            <NewPostsPill />
            <FeedPosts
              empty={following ? <FollowingEmpty /> : <HomeEmpty />}
              caughtUp={following}
            />
          </FeedSourceProvider>
        )}
      </main>
      <SidePanel />
    </div>
  )
}
