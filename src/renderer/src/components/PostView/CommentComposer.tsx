// Writing a comment or a reply: Enter sends, Shift+Enter starts a new line. The draft lives in
// the post store, so it stays when sending fails and nothing typed is lost; it is also saved on
// disk per post, so a crash loses nothing either (offered back when the post opens again).

import { useEffect, useId, useRef, type KeyboardEvent, type ReactElement } from 'react'
import { MAX_COMMENT_LENGTH } from '@shared/limits'
import { useCommentDraft } from '../DraftPrompt/useCreateDraft'
import { usePost, useStores } from '../../store'
import { DraftPrompt } from '../DraftPrompt/DraftPrompt'
import { useT } from '../../i18n'
import styles from './PostView.module.scss'

export function CommentComposer(): ReactElement {
  const { post } = useStores()
  const t = useT()
  const replyTo = usePost((state) => state.replyTo)
  const sending = usePost((state) => state.sending)
  const focusComment = usePost((state) => state.focusComment)
  const body = usePost((state) => state.draft)
  const postId = usePost((state) => state.openId)
  const saved = useCommentDraft(postId, body)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const counterId = useId()
  const length = [...body].length

  useEffect(() => {
    if (replyTo || focusComment) inputRef.current?.focus()
  }, [replyTo, focusComment])

  const send = async (): Promise<void> => {
    await post.getState().sendComment()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // Keys typed here are text, not the post view's (←/→ step posts). Escape closes the post
    // only from an empty field, so it never throws away a comment being written.
    const closes = event.key === 'Escape' && !event.nativeEvent.isComposing && body.trim() === ''
    if (!closes) event.stopPropagation()
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      {saved.offer && (
        <DraftPrompt
          what={t('draft.unsentComment')}
          onRestore={() => post.getState().setDraft(saved.restore() ?? body)}
          onDiscard={saved.discard}
        />
      )}
      {replyTo && (
        <p className={styles.replying}>
          {t('postView.replyingTo', {
            username: replyTo.profiles?.username ?? t('postView.aComment')
          })}{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => post.getState().setReplyTo(null)}
          >
            {t('common.cancel')}
          </button>
        </p>
      )}
      <div className={styles.composerRow}>
        <textarea
          ref={inputRef}
          className={styles.commentInput}
          aria-label={replyTo ? t('postView.writeReply') : t('post.addComment')}
          aria-describedby={counterId}
          placeholder={t('post.addCommentPlaceholder')}
          rows={1}
          value={body}
          onChange={(event) => post.getState().setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={sending}
        />
        <button
          type="submit"
          className={styles.send}
          disabled={sending || body.trim().length === 0}
        >
          {t('post.send')}
        </button>
      </div>
      <p
        id={counterId}
        className={`${styles.counter} ${length > MAX_COMMENT_LENGTH ? styles['counter--over'] : ''}`}
      >
        {length > MAX_COMMENT_LENGTH - 200 ? `${length}/${MAX_COMMENT_LENGTH}` : ''}
      </p>
    </form>
  )
}
