// The profile view's own bar (docs/product.md, "Profile"): a back button and the username as
// the title. Back returns to where the user came from; a profile opened straight from a link
// has nowhere to return to, so it goes to the feed. On someone else's profile a "…" button opens
// Report, Block and Mute.

import { lazy, Suspense, useState, type ReactElement } from 'react'
import { ArrowLeft, MoreHorizontal } from 'lucide-react'
import { useRouter, useSession, useStores } from '../../store'
import { selectCanGoBack } from '../../store/router/routerStore'
import { selectUserId } from '../../store/session/sessionStore'
import { HOME } from '../../store/router/routes'
import { useT } from '../../i18n'
import styles from './ProfilePage.module.scss'

// Loaded when the menu first opens: most profile visits never open it.
const SafetyActions = lazy(() =>
  import('../SafetyActions/SafetyActions').then((module) => ({ default: module.SafetyActions }))
)

export function ProfileTopBar({
  username,
  personId
}: {
  username: string
  /** Someone else's profile, shown: the "…" menu offers Report, Block and Mute. */
  personId?: string
}): ReactElement {
  const { router } = useStores()
  const userId = useSession(selectUserId)
  const [menuOpen, setMenuOpen] = useState(false)
  const t = useT()
  const canGoBack = useRouter(selectCanGoBack)
  const goBack = (): void => {
    if (canGoBack) router.getState().back()
    else router.getState().navigate(HOME)
  }
  return (
    <div className={styles.topBar}>
      <button type="button" className={styles.back} aria-label={t('nav.back')} onClick={goBack}>
        <ArrowLeft size={24} aria-hidden className="rtl-mirror" />
      </button>
      <h1 className={styles.title}>{username}</h1>
      {userId && personId && personId !== userId && (
        <button
          type="button"
          className={styles.back}
          aria-label={t('profile.optionsFor', { username })}
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
        >
          <MoreHorizontal size={24} aria-hidden />
        </button>
      )}
      {menuOpen && personId && (
        <Suspense fallback={null}>
          <SafetyActions person={{ id: personId, username }} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
