// The likers list (`#/p/<id>/liked_by`): a dialog over the page, as on the network, with each
// liker's avatar, names and own Follow button, newest like first; the next page is read as the
// end of the list scrolls into view. Closing it goes Back to where it was opened.

import { useCallback, useEffect, type ReactElement } from 'react'
import { useLikers, useStores } from '../../store'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { Modal } from '../Modal/Modal'
import { PersonRow } from '../PersonRow/PersonRow'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './LikersModal.module.scss'

const NO_IDS: readonly string[] = []

export function LikersModal({ postId }: { postId: string }): ReactElement {
  const { likers, router } = useStores()
  const t = useT()
  const message = useMessage()
  const ids = useLikers((state) => (state.list?.postId === postId ? state.list.ids : NO_IDS))
  const status = useLikers((state) => state.list?.status ?? 'loading')
  const error = useLikers((state) => state.list?.error ?? null)
  const hasMore = useLikers((state) => state.list?.next != null)
  const loadMore = useCallback(() => void likers.getState().loadMore(), [likers])
  const sentinel = useEndSentinel(loadMore, status === 'ready' && hasMore, ids.length, '200px 0px')

  useEffect(() => {
    void likers.getState().open(postId)
    return () => likers.getState().close()
  }, [likers, postId])

  return (
    <Modal
      title={t('shell.likes')}
      onClose={() => router.getState().closeOverlay()}
      className={styles.dialog}
    >
      <ul className={styles.list} aria-label={t('shell.likersLabel')}>
        {ids.map((id) => (
          <PersonRow key={id} personId={id} />
        ))}
      </ul>
      <div ref={sentinel} />
      {status === 'loading' && (
        <p className={styles.message} role="status">
          {t('shell.loading')}
        </p>
      )}
      {status === 'ready' && ids.length === 0 && (
        <p className={styles.message}>{t('shell.noLikes')}</p>
      )}
      {status === 'error' && (
        <div className={styles.message}>
          <p role="alert">{error && message(error)}</p>
          <button
            type="button"
            className={styles.retry}
            onClick={() => (ids.length > 0 ? loadMore() : void likers.getState().open(postId))}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      )}
    </Modal>
  )
}
