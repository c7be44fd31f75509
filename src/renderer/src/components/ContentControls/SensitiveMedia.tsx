// A post's photos behind a blur when its author marked it sensitive: "Sensitive content", the
// reason, and a button that reveals it (click, Enter or Space). Someone who chose to see all
// sensitive media, and the author, see it unblurred.

import { useState, type ReactElement, type ReactNode } from 'react'
import { EyeOff } from 'lucide-react'
import type { Post } from '@shared/domain'
import { useControls, useSession } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import styles from './ContentControls.module.scss'

export function SensitiveMedia({
  post,
  fill = false,
  children
}: {
  post: Pick<Post, 'user_id' | 'is_sensitive' | 'sensitive_reason'>
  /** In the post view the photo fills its pane, and so does the cover. */
  fill?: boolean
  children: ReactNode
}): ReactElement {
  const showAll = useControls((state) => state.settings.show_sensitive_media)
  const own = useSession(selectUserId) === post.user_id
  const [revealed, setRevealed] = useState(false)
  const t = useT()
  if (!post.is_sensitive || showAll || own || revealed) return <>{children}</>
  return (
    <div className={`${styles.sensitive} ${fill ? styles.fill : ''}`}>
      {/* The photo stays out of reach (and out of the accessibility tree) until revealed. */}
      <div className={`${styles.blurred} ${fill ? styles.fill : ''}`} aria-hidden inert>
        {children}
      </div>
      <div className={styles.cover}>
        <EyeOff size={32} aria-hidden />
        <p className={styles.coverTitle}>{t('controls.sensitiveTitle')}</p>
        <p className={styles.coverText}>
          {post.sensitive_reason ?? t('controls.sensitiveDefault')}
        </p>
        <button
          type="button"
          className={styles.reveal}
          onClick={(event) => {
            // Revealing is not opening the post.
            event.stopPropagation()
            setRevealed(true)
          }}
        >
          {t('controls.seePhoto')}
        </button>
      </div>
    </div>
  )
}
