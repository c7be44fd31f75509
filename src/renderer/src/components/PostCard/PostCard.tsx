// The post card (docs/product.md, "Post card"): author and age with the followed hashtag that
// brought it (Following feed) and the location under them,
// More options (PostOptions; not on a post still queued offline), the photo or carousel, like
// (optimistic, see store/feed), comment (opens the post), copy link and save, the like count,
// the caption with its links, "View all N comments" with the two latest (CardLatestComments),
// and "Add a comment…" (CardCommentBox) unless commenting is turned off.

import { lazy, memo, Suspense, useEffect, useState, type ReactElement } from 'react'
import { createPortal } from 'react-dom'
import { sortedImages } from '../../services/rules'
import { formatLikeCount, relativeAge } from '@shared/format'
import { ANIMATION_STEP_SECONDS } from '@shared/limits'
import {
  useCommentPreviews,
  usePeopleTags,
  usePosts,
  useFeedStore,
  useSession,
  useStores
} from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { selectPostTags } from '../../store/peopleTags/peopleTagsStore'
import { Carousel } from '../Carousel/Carousel'
import { DoubleTapLike } from '../DoubleTapLike/DoubleTapLike'
import { LikesLine } from '../LikesLine/LikesLine'
import { PersonLink } from '../PersonLink/PersonLink'
import type { OpenPostOptions } from '../../store/openPost/openPostStore'
import { postRoute, routeHash, tagRoute } from '../../store/router/routes'
import { PlaceLink } from '../PlaceLink/PlaceLink'
import { CardCaption } from './CardCaption'
import { CardLatestComments } from './CardLatestComments'
import { PendingPostNote, useIsQueued } from '../PendingMarker/PendingMarker'
import { MutedPlaceholder } from '../ContentControls/MutedPlaceholder'
import { SensitiveMedia } from '../ContentControls/SensitiveMedia'
import { useLikeCountHidden, useMutedWord } from '../ContentControls/useContentControls'
import { useLocale, useT } from '../../i18n'
import {
  CommentButton,
  LikeButton,
  MoreOptionsButton,
  SaveButton,
  ShareButton
} from '../PostActionButtons/PostActionButtons'
import styles from './PostCard.module.scss'
import { AuthorAvatar } from '../Avatar/Avatar'

// The options sheet is code a feed does not need until someone opens it.
const PostOptions = lazy(() =>
  import('../PostOptions/PostOptions').then((module) => ({ default: module.PostOptions }))
)

// Out of the entry chunk (its size limit); its code arrives with the first card, before a reader
// can type, an empty line of its height stands in until then, and the feed's height estimate
// already counts it.
const CardCommentBox = lazy(() =>
  import('./CardCommentBox').then((module) => ({ default: module.CardCommentBox }))
)

const NO_COMMENTS: never[] = []

/** Cap the stagger so the 40th post does not wait four seconds to appear. */
const MAX_STAGGERED_ITEMS = 10

export function fadeInDelay(index: number): string {
  return `${(Math.min(index, MAX_STAGGERED_ITEMS) * ANIMATION_STEP_SECONDS).toFixed(1)}s`
}

export const PostCard = memo(function PostCard({
  postId,
  index
}: {
  postId: string
  index: number
}): ReactElement | null {
  const stores = useStores()
  const feed = useFeedStore()
  const post = usePosts((state) => state.byId[postId])
  const signedIn = useSession(selectIsSignedIn)
  const latest = useCommentPreviews((state) => state.byPost.get(postId) ?? NO_COMMENTS)
  const queued = useIsQueued('post', postId)
  const [optionsOpen, setOptionsOpen] = useState(false)
  const countHidden = useLikeCountHidden(post)
  const muted = useMutedWord(post?.caption, post?.user_id)
  const [showMuted, setShowMuted] = useState(false)
  const peopleTags = usePeopleTags(selectPostTags(postId))
  const t = useT()
  const locale = useLocale()

  const actions = stores.postActions

  // The feed asks for these with each page; a card asks only for what that missed.
  const commentCount = post?.comments_count ?? 0
  useEffect(() => {
    actions.watch(postId, commentCount)
  }, [actions, postId, signedIn, commentCount])

  if (!post) return null
  const openPost = (options: OpenPostOptions = {}): void =>
    actions.open(postId, feed.getState().ids, options)

  const username = post.profiles?.username ?? t('post.unknownAuthor')
  const created = new Date(post.created_at)
  if (muted && !showMuted) {
    return (
      <article aria-label={t('post.hiddenBy', { username })}>
        <MutedPlaceholder what="Post" onShow={() => setShowMuted(true)} />
      </article>
    )
  }

  return (
    <article
      className={`${styles.card} ${index >= MAX_STAGGERED_ITEMS ? styles['card--static'] : ''}`}
      style={{ animationDelay: fadeInDelay(index) }}
      aria-label={t('post.by', { username })}
    >
      <header className={styles.header}>
        <PersonLink username={username} duplicate className={styles.avatarLink}>
          <AuthorAvatar of={post} username={username} />
        </PersonLink>
        <div className={styles.byline}>
          <PersonLink username={username} className={styles.username}>
            {username}
          </PersonLink>
          <span className={styles.dot} aria-hidden>
            •
          </span>
          {queued ? (
            <PendingPostNote />
          ) : (
            // The time links to the post, as on the network; Enter on the focused card opens it.
            <a
              className={styles.ageInline}
              href={routeHash(postRoute(postId))}
              data-open-post
              onClick={(event) => {
                event.preventDefault()
                openPost()
              }}
            >
              <time dateTime={post.created_at} title={created.toLocaleString(locale)}>
                {relativeAge(created, undefined, locale)}
              </time>
            </a>
          )}
          {post.followed_tag && (
            <a
              className={styles.followedTag}
              href={routeHash(tagRoute(post.followed_tag))}
              aria-label={t('hashtags.followedTagLabel', { tag: post.followed_tag })}
            >
              #{post.followed_tag}
            </a>
          )}
          {post.location && (
            <PlaceLink
              location={post.location}
              placeId={post.place_id}
              className={styles.location}
            />
          )}
        </div>
        {!queued && (
          <MoreOptionsButton
            className={`${styles.icon} ${styles.more}`}
            onClick={() => setOptionsOpen(true)}
          />
        )}
        {/* On the body: the card's fade-in transform and the windowed list would clip it. */}
        {optionsOpen &&
          createPortal(
            <Suspense fallback={null}>
              <PostOptions
                post={post}
                onEdit={() => openPost({ intent: 'edit' })}
                onDelete={() => openPost({ intent: 'delete' })}
                onGoToPost={() => openPost()}
                onClose={() => setOptionsOpen(false)}
              />
            </Suspense>,
            document.body
          )}
      </header>
      {/* As on the network's web app, a click on the photo opens nothing; a double-click likes. */}
      <DoubleTapLike postId={postId} className={styles.mediaLink}>
        <SensitiveMedia post={post}>
          <Carousel
            images={sortedImages(post)}
            fallbackAlt={post.caption?.trim() ? post.caption : t('post.photoBy', { username })}
            tags={peopleTags}
          />
        </SensitiveMedia>
      </DoubleTapLike>
      <div className={styles.body}>
        <div className={styles.actions}>
          <LikeButton
            postId={postId}
            className={styles.icon}
            likedClassName={styles['icon--liked']}
            size={24}
          />
          <CommentButton
            className={styles.icon}
            size={24}
            onClick={() => openPost({ focusComment: true })}
          />
          <ShareButton postId={postId} className={styles.icon} size={24} titled />
          <SaveButton
            postId={postId}
            className={`${styles.icon} ${styles.bookmark}`}
            size={24}
            holdToCollect
          />
        </div>
        <LikesLine
          postId={postId}
          likesCount={post.likes_count}
          countHidden={countHidden}
          className={styles.likes}
        />
        {post.caption && <CardCaption username={username} caption={post.caption} />}
        {post.comments_count > 0 && (
          <button type="button" className={styles.viewComments} onClick={() => openPost()}>
            {t('post.viewComments', {
              count: post.comments_count,
              n: formatLikeCount(post.comments_count, locale)
            })}
          </button>
        )}
        {latest.length > 0 && (
          <CardLatestComments
            latest={latest}
            onReply={
              signedIn ? (comment) => openPost({ focusComment: true, replyTo: comment }) : undefined
            }
          />
        )}
      </div>
      {!post.comments_disabled && !queued && (
        // Its line is held while the code arrives, so the card never grows under the reader.
        <Suspense
          fallback={
            <div className={styles.commentBox} aria-hidden>
              <div className={styles.commentRow} />
            </div>
          }
        >
          <CardCommentBox postId={postId} />
        </Suspense>
      )}
    </article>
  )
})
