// The post on its own: photo(s) left, author, caption and comments right; a modal over the page
// on wide windows and a full page on narrow ones (the same dialog, laid out by CSS). Opened
// with the post store's openPost(id, siblings); ←/→ move through the list it came from. Its
// photo opens full screen in the photo viewer (loaded on first use) with its button or f. Its ⋯
// opens the card's options sheet (PostOptions): Edit and Delete for the author happen here.

import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react'
import { createPortal } from 'react-dom'
import { Link as LinkIcon } from 'lucide-react'
import { relativeAge } from '@shared/format'
import { useOpenPost, usePost, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { LikesLine } from '../LikesLine/LikesLine'
import { Modal } from '../Modal/Modal'
import { PostOptions } from '../PostOptions/PostOptions'
import { RichText } from '../RichText/RichText'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { CommentComposer } from './CommentComposer'
import { CommentList } from './CommentList'
import { DeletePostDialog } from './DeletePostDialog'
import { EditPostForm } from './EditPostForm'
import { closePost, stepPost } from '../../navigation/postRoute'
import { profileRoute, routeHash } from '../../store/router/routes'
import { PlaceLink } from '../PlaceLink/PlaceLink'
import { isTypingTarget } from '../../keyboard/shortcuts'
import { photoViewerAction } from '../../keyboard/photoViewerKeys'
import { arrowStep, isRightToLeft } from '../../keyboard/readingDirection'
import { useFullScreenPhoto, type FullScreenPhoto } from './FullScreenPhoto'
import { mediaRatioStyle, PostViewMedia } from './PostViewMedia'
import { useLikeCountHidden } from '../ContentControls/useContentControls'
import { LikeButton, MoreOptionsButton, SaveButton } from '../PostActionButtons/PostActionButtons'
import styles from './PostView.module.scss'
import { AuthorAvatar } from '../Avatar/Avatar'

function OpenPost({ fullScreen }: { fullScreen: FullScreenPhoto }): ReactElement {
  const stores = useStores()
  const post = useOpenPost()!
  const actionError = usePost((state) => state.actionError)
  const userId = useSession(selectUserId)
  const t = useT()
  const locale = useLocale()
  const translate = useMessage()
  const username = post.profiles?.username ?? t('post.unknownAuthor')
  const own = userId === post.user_id
  // A card's options may open the post straight into editing it or confirming its deletion.
  const intent = usePost((state) => (own ? state.intent : null))
  const [editing, setEditing] = useState(intent === 'edit')
  const [confirmingDelete, setConfirmingDelete] = useState(intent === 'delete')
  const [optionsOpen, setOptionsOpen] = useState(false)
  const moreRef = useRef<HTMLButtonElement>(null)
  // Done editing, focus goes back to ⋯, which the form stood in for.
  const wasEditing = useRef(editing)
  useEffect(() => {
    if (wasEditing.current && !editing) moreRef.current?.focus()
    wasEditing.current = editing
  }, [editing])
  const countHidden = useLikeCountHidden(post)
  stores.saved.getState().watch([post.id])

  return (
    <div className={styles.layout} style={mediaRatioStyle(post)}>
      <PostViewMedia post={post} username={username} fullScreen={fullScreen} />
      <div className={styles.side}>
        <div className={styles.header}>
          <AuthorAvatar of={post} username={username} />
          <div className={styles.byline}>
            <a
              className={styles.username}
              href={routeHash(profileRoute(username))}
              onClick={(event) => {
                event.preventDefault()
                stores.router.getState().navigate(profileRoute(username))
              }}
            >
              {username}
            </a>
            {post.location && (
              <PlaceLink
                location={post.location}
                placeId={post.place_id}
                className={styles.location}
              />
            )}
          </div>
          {!editing && (
            <MoreOptionsButton
              ref={moreRef}
              className={`${styles.icon} ${styles.more}`}
              onClick={() => setOptionsOpen(true)}
            />
          )}
        </div>
        <div className={styles.scroll}>
          {editing ? (
            <EditPostForm post={post} onDone={() => setEditing(false)} />
          ) : (
            post.caption && (
              <div className={styles.caption}>
                <p>
                  <span className={styles.username}>{username}</span>{' '}
                  <RichText text={post.caption} />
                </p>
                <p className={styles.commentMeta}>
                  <time dateTime={post.created_at}>
                    {relativeAge(new Date(post.created_at), undefined, locale)}
                  </time>
                  {post.edited_at && <span>{t('postView.edited')}</span>}
                </p>
              </div>
            )
          )}
          <CommentList />
        </div>
        <div className={styles.actions}>
          <LikeButton
            postId={post.id}
            className={styles.icon}
            likedClassName={styles['icon--liked']}
            size={24}
            waitUntilKnown
          />
          <SaveButton postId={post.id} className={styles.icon} size={24} holdToCollect />
          <button
            type="button"
            className={styles.icon}
            aria-label={t('post.copyLink')}
            onClick={() => void stores.postActions.copyLink(post.id)}
          >
            <LinkIcon size={22} aria-hidden />
          </button>
          <LikesLine
            postId={post.id}
            likesCount={post.likes_count}
            countHidden={countHidden}
            className={styles.likes}
          />
        </div>
        {actionError && (
          <p className={styles.error} role="alert">
            {translate(actionError)}
          </p>
        )}
        {userId &&
          (post.comments_disabled ? (
            <p className={styles.muted}>{t('postView.commentingOff')}</p>
          ) : (
            <CommentComposer />
          ))}
      </div>
      {confirmingDelete && <DeletePostDialog onClose={() => setConfirmingDelete(false)} />}
      {/* On the body, as the card's: a sheet over the whole window, not inside the post's box. */}
      {optionsOpen &&
        createPortal(
          <PostOptions
            post={post}
            onEdit={() => setEditing(true)}
            onDelete={() => setConfirmingDelete(true)}
            onClose={() => setOptionsOpen(false)}
          />,
          document.body
        )}
    </div>
  )
}

export function PostView(): ReactElement | null {
  const stores = useStores()
  const openId = usePost((state) => state.openId)
  const status = usePost((state) => state.status)
  const error = usePost((state) => state.error)
  const authorName = useOpenPost()?.profiles?.username
  const fullScreen = useFullScreenPhoto(openId)
  const openFullScreen = fullScreen.open
  const t = useT()
  const translate = useMessage()

  // Keys anywhere in the window while the post view is the dialog on top (Modal's stack).
  const onPageKeyDown = useCallback(
    (event: globalThis.KeyboardEvent): void => {
      // A photo carousel (it takes the arrows): not ours.
      if (event.defaultPrevented) return
      // Escape inside the dialog is the dialog's; this catches it when focus was lost to the
      // page (the edit form that had it closed).
      if (event.key === 'Escape') closePost(stores)
      if (isTypingTarget(event.target)) return
      if (photoViewerAction(event) === 'open' && status === 'ready') {
        event.preventDefault()
        openFullScreen()
      }
      // Along the reading direction: in Arabic ← opens the next post.
      const step = arrowStep(event.key, isRightToLeft(document.documentElement))
      if (step !== null) stepPost(stores, step)
    },
    [status, stores, openFullScreen]
  )

  if (!openId) return null

  return (
    <>
      <Modal
        title={authorName ? t('post.by', { username: authorName }) : t('grid.post')}
        showTitle={false}
        onClose={() => closePost(stores)}
        className={styles.dialog}
        initialFocus="dialog"
        onPageKeyDown={onPageKeyDown}
      >
        <div className={styles.body}>
          {status === 'ready' && <OpenPost fullScreen={fullScreen} />}
          {status === 'loading' && (
            <p className={styles.status} role="status">
              {t('postView.loading')}
            </p>
          )}
          {status === 'error' && (
            <p className={styles.status} role="alert">
              {error && translate(error)}
            </p>
          )}
        </div>
      </Modal>
      {fullScreen.viewer}
    </>
  )
}
