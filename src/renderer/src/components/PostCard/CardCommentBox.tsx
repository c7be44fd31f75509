// "Add a comment…" under a feed card, as the network's feed has under each post: Enter or Post
// sends through the post store's commentOn (the post view's own checks, outbox and comment count),
// and the comment then shows under the card without opening the post. A failure shows its message
// and keeps the text. A visitor who tries to type is asked to log in, as every action they cannot
// take does; a post with commenting turned off has no box (PostCard leaves it out).

import { useId, useState, type KeyboardEvent, type ReactElement } from 'react'
import { useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import type { Text } from '../../i18n/phrase'
import styles from './PostCard.module.scss'

/** Keys that move focus or do nothing by themselves: a visitor may tab past the box. */
const PASSING_KEYS: ReadonlySet<string> = new Set(['Tab', 'Shift', 'Alt', 'Control', 'Meta'])

export function CardCommentBox({ postId }: { postId: string }): ReactElement {
  const stores = useStores()
  const signedIn = useSession(selectIsSignedIn)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const errorId = useId()
  const t = useT()
  const translate = useMessage()
  const askToLogIn = (): void => stores.ui.getState().openAuth('signin')
  const hasText = text.trim() !== ''

  const send = async (): Promise<void> => {
    if (sending || !hasText) return
    setSending(true)
    setError(null)
    const failure = await stores.post.getState().commentOn(postId, text)
    setSending(false)
    setError(failure)
    if (failure === null) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (!signedIn && !PASSING_KEYS.has(event.key)) {
      event.preventDefault()
      askToLogIn()
    }
  }

  return (
    <form
      className={styles.commentBox}
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <div className={styles.commentRow}>
        <input
          type="text"
          className={styles.commentInput}
          aria-label={t('post.addComment')}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          placeholder={t('post.addCommentPlaceholder')}
          autoComplete="off"
          value={text}
          readOnly={!signedIn || sending}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onClick={signedIn ? undefined : askToLogIn}
        />
        {hasText && (
          <button type="submit" className={styles.commentSend} disabled={sending}>
            {t('post.send')}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className={styles.commentError} role="alert">
          {translate(error)}
        </p>
      )}
    </form>
  )
}
