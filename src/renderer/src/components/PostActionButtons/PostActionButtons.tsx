// A post's actions, the same wherever the post is drawn (the card, the post view, a reel): like,
// comment, share and save (docs/product.md, "Post card"), each styled by the place that draws it.
// What they do is the post actions' (store/postActions); these are their buttons.

import { lazy, Suspense, useState, type ReactElement, type ReactNode, type Ref } from 'react'
import { createPortal } from 'react-dom'
import { Bookmark, Heart, MessageCircle, MoreHorizontal, Send } from 'lucide-react'
import { usePosts, useSaved, useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { useLongPress } from '../../hooks/useLongPress'
import { useT } from '../../i18n'

// The share sheet is code a page does not need until someone shares.
const DirectShareSheet = lazy(() =>
  import('../DirectShareSheet/DirectShareSheet').then((module) => ({
    default: module.DirectShareSheet
  }))
)

interface ActionProps {
  postId: string
  className: string
  /** The icon's size in pixels. */
  size: number
  /** Drawn after the icon (a reel's counts). */
  children?: ReactNode
}

/** ⋯: the post's options sheet (PostOptions), which the place drawing the button opens. */
export function MoreOptionsButton({
  className,
  onClick,
  ref
}: {
  className: string
  onClick(): void
  ref?: Ref<HTMLButtonElement>
}): ReactElement {
  const t = useT()
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-label={t('post.moreOptions')}
      aria-haspopup="dialog"
      onClick={onClick}
    >
      <MoreHorizontal size={20} aria-hidden />
    </button>
  )
}

/**
 * Like or unlike (optimistic, see store/postActions); a visitor is asked to log in. With
 * `waitUntilKnown`, a signed-in reader's button waits until the post's like is known.
 */
export function LikeButton({
  postId,
  className,
  likedClassName,
  size,
  waitUntilKnown = false,
  children
}: ActionProps & { likedClassName: string; waitUntilKnown?: boolean }): ReactElement {
  const stores = useStores()
  const known = usePosts((state) => state.liked[postId])
  const busy = usePosts((state) => state.likingIds.has(postId))
  const signedIn = useSession(selectIsSignedIn)
  const t = useT()
  const liked = known === true
  return (
    <button
      type="button"
      className={`${className} ${liked ? likedClassName : ''}`}
      aria-label={liked ? t('post.unlike') : t('post.like')}
      aria-pressed={liked}
      aria-busy={busy || undefined}
      disabled={waitUntilKnown && signedIn && known === undefined}
      onClick={() => stores.postActions.toggleLike(postId)}
    >
      <Heart size={size} aria-hidden fill={liked ? 'currentColor' : 'none'} />
      {children}
    </button>
  )
}

/** Opens the post with its comment box focused; `onClick` opens it from the place's list. */
export function CommentButton({
  className,
  size,
  onClick,
  children
}: Omit<ActionProps, 'postId'> & { onClick(): void }): ReactElement {
  const t = useT()
  return (
    <button type="button" className={className} aria-label={t('post.comment')} onClick={onClick}>
      <MessageCircle size={size} aria-hidden />
      {children}
    </button>
  )
}

/**
 * Share: signed in, the share sheet (people to send the post to, on the body so no transform or
 * windowed list clips it); a visitor copies the link. `titled` also says so on hover.
 */
export function ShareButton({
  postId,
  className,
  size,
  titled = false
}: ActionProps & { titled?: boolean }): ReactElement {
  const stores = useStores()
  const signedIn = useSession(selectIsSignedIn)
  const [sharing, setSharing] = useState(false)
  const t = useT()
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={t('post.share')}
        title={titled ? (signedIn ? t('post.share') : t('post.copyLink')) : undefined}
        onClick={() => (signedIn ? setSharing(true) : void stores.postActions.copyLink(postId))}
      >
        <Send size={size} aria-hidden />
      </button>
      {sharing &&
        createPortal(
          <Suspense fallback={null}>
            <DirectShareSheet postId={postId} onClose={() => setSharing(false)} />
          </Suspense>,
          document.body
        )}
    </>
  )
}

/**
 * Save or unsave (optimistic, queued offline); a visitor is asked to log in. With
 * `holdToCollect`, holding it opens the collections sheet (docs/product.md, "Likes, saved, tags
 * and suggestions").
 */
export function SaveButton({
  postId,
  className,
  size,
  holdToCollect = false
}: ActionProps & { holdToCollect?: boolean }): ReactElement {
  const stores = useStores()
  const saved = useSaved((state) => state.savedIds.has(postId))
  // The sheet opens for a signed-in reader only (the collections store's openSheet).
  const hold = useLongPress(() => void stores.collections.getState().openSheet(postId))
  const t = useT()
  return (
    <button
      type="button"
      className={className}
      aria-label={saved ? t('post.unsave') : t('post.save')}
      aria-pressed={saved}
      {...(holdToCollect ? hold : {})}
      onClick={() => stores.postActions.toggleSave(postId)}
    >
      <Bookmark size={size} aria-hidden fill={saved ? 'currentColor' : 'none'} />
    </button>
  )
}
