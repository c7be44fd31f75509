// Spec §2 feed view: stories and posts in a 470 px column, the side panel beside it on large
// screens. It reloads when the refresh counter moves (a new post) or the user changes (likes).

import { useEffect, type ReactElement } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { FEED_PLACEHOLDER_COUNT } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { useFeed, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { PostCard } from '../PostCard/PostCard'
import { PostSkeleton } from '../PostSkeleton/PostSkeleton'
import { SidePanel } from '../SidePanel/SidePanel'
import { StoriesStrip } from '../StoriesStrip/StoriesStrip'
import styles from './FeedView.module.scss'

function PostList(): ReactElement {
  const status = useFeed((state) => state.status)
  const postIds = useFeed(useShallow((state) => state.posts.map((post) => post.id)))

  if (status !== 'ready') {
    return (
      <div role="status" aria-label="Loading posts">
        {Array.from({ length: FEED_PLACEHOLDER_COUNT }, (_, index) => (
          <PostSkeleton key={index} />
        ))}
      </div>
    )
  }
  if (postIds.length === 0) {
    return (
      <div className={styles.empty}>
        <h2 className={styles.emptyTitle}>{MESSAGES.feedEmptyTitle}</h2>
        <p className={styles.emptyText}>{MESSAGES.feedEmptyText}</p>
      </div>
    )
  }
  return (
    <div className={styles.posts}>
      {postIds.map((id, index) => (
        <PostCard key={id} postId={id} index={index} />
      ))}
    </div>
  )
}

export function FeedView(): ReactElement {
  const { feed } = useStores()
  const refreshCounter = useFeed((state) => state.refreshCounter)
  const userId = useSession(selectUserId)
  const sessionStatus = useSession((state) => state.status)

  useEffect(() => {
    // Wait for the session so liked states are read for the right user in one go.
    if (sessionStatus === 'ready') void feed.getState().load()
  }, [feed, refreshCounter, userId, sessionStatus])

  return (
    <div className={styles.layout}>
      <main className={styles.main}>
        <StoriesStrip />
        <PostList />
      </main>
      <SidePanel />
    </div>
  )
}
