// Back and Forward arrows in the header, and the shortcuts that do the same: Alt+←/→ (Cmd+[ and
// Cmd+] on macOS) and the mouse's back/forward buttons. All go through the browser history, so
// the web build's own buttons agree with them.

import { useEffect, type ReactElement } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useRouter, useStores } from '../../store'
import { historyKeyAction } from '../../keyboard/shortcuts'
import { selectCanGoBack, selectCanGoForward } from '../../store/router/routerStore'
import { useT } from '../../i18n'
import styles from './HistoryNav.module.scss'

/** Mouse buttons 3 and 4 are the side buttons browsers map to Back and Forward. */
const MOUSE_BACK = 3
const MOUSE_FORWARD = 4

export function useHistoryShortcuts(): void {
  const { router } = useStores()
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const action = historyKeyAction(event)
      if (!action) return
      event.preventDefault()
      if (action === 'go-back') router.getState().back()
      else router.getState().forward()
    }
    const onMouseUp = (event: MouseEvent): void => {
      if (event.button === MOUSE_BACK) router.getState().back()
      else if (event.button === MOUSE_FORWARD) router.getState().forward()
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    window.addEventListener('mouseup', onMouseUp)
    return () => {
      window.removeEventListener('keydown', onKeyDown)
      window.removeEventListener('mouseup', onMouseUp)
    }
  }, [router])
}

export function HistoryNav(): ReactElement {
  const { router } = useStores()
  const canGoBack = useRouter(selectCanGoBack)
  const canGoForward = useRouter(selectCanGoForward)
  useHistoryShortcuts()
  const t = useT()
  return (
    <div className={styles.arrows}>
      <button
        type="button"
        className={styles.arrow}
        aria-label={t('nav.back')}
        disabled={!canGoBack}
        onClick={() => router.getState().back()}
      >
        <ChevronLeft size={22} aria-hidden className="rtl-mirror" />
      </button>
      <button
        type="button"
        className={styles.arrow}
        aria-label={t('nav.forward')}
        disabled={!canGoForward}
        onClick={() => router.getState().forward()}
      >
        <ChevronRight size={22} aria-hidden className="rtl-mirror" />
      </button>
    </div>
  )
}
