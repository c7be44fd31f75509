// A card's caption under the likes: the author's name, then the caption. A long one shows its
// first ~125 characters (cut between words) and "… more", which opens the rest in place, as the
// network's cards do; the post view always shows the whole caption.

import { useState, type ReactElement } from 'react'
import { CAPTION_PREVIEW_LENGTH } from '@shared/limits'
import { captionPreview } from '@shared/text-links'
import { RichText } from '../RichText/RichText'
import { useT } from '../../i18n'
import styles from './PostCard.module.scss'

export function CardCaption({
  username,
  caption
}: {
  username: string
  caption: string
}): ReactElement {
  const [expanded, setExpanded] = useState(false)
  const t = useT()
  const preview = expanded ? null : captionPreview(caption, CAPTION_PREVIEW_LENGTH)
  return (
    <p className={styles.caption}>
      <span className={styles.username}>{username}</span>{' '}
      {preview === null ? (
        <RichText text={caption} />
      ) : (
        <>
          <RichText text={preview} />…{' '}
          <button
            type="button"
            className={styles.moreCaption}
            aria-label={t('post.moreOfCaption')}
            onClick={() => setExpanded(true)}
          >
            {t('post.more')}
          </button>
        </>
      )}
    </p>
  )
}
