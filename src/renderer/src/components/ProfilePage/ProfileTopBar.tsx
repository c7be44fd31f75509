// The profile view's own bar (docs/product.md, "Profile"): a back button and the username as
// the title. Back returns to where the user came from; a profile opened straight from a link
// has nowhere to return to, so it goes to the feed.

import type { ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useRouter, useStores } from '../../store'
import { selectCanGoBack } from '../../store/router/routerStore'
import { HOME } from '../../store/router/routes'
import styles from './ProfilePage.module.scss'

export function ProfileTopBar({ username }: { username: string }): ReactElement {
  const { router } = useStores()
  const canGoBack = useRouter(selectCanGoBack)
  const goBack = (): void => {
    if (canGoBack) router.getState().back()
    else router.getState().navigate(HOME)
  }
  return (
    <div className={styles.topBar}>
      <button type="button" className={styles.back} aria-label="Back" onClick={goBack}>
        <ArrowLeft size={24} aria-hidden />
      </button>
      <h1 className={styles.title}>{username}</h1>
    </div>
  )
}
