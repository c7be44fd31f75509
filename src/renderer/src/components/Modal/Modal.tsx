// The one dialog: labelled, modal, focus kept inside, closed by Escape, the close button or a
// click on the backdrop, and focus handed back to whatever opened it. It takes its place in the
// window's dialog stack (dialogs/), so a dialog that also listens to the whole page (the post
// view) hears its keys only while it is the one on top.

import {
  useEffect,
  useId,
  useRef,
  type ReactElement,
  type ReactNode,
  type KeyboardEvent
} from 'react'
import { X } from 'lucide-react'
import { DialogDepth, useDialogLayer } from '../../dialogs/useDialogLayer'
import { useFocusTrap } from '../../hooks/useFocusTrap'
import { useT } from '../../i18n'
import styles from './Modal.module.scss'

export interface ModalProps {
  title: string
  /** Visible heading, or only a name for assistive tech when the body shows its own. */
  showTitle?: boolean
  onClose(): void
  /** While work is in flight closing would lose it, so every way out is ignored. */
  closeDisabled?: boolean
  className?: string
  /** Shown at the start of the title bar, e.g. a back button. */
  leading?: ReactNode
  /** False for a sheet of choices whose own Cancel row closes it, as the network's do. */
  closeButton?: boolean
  /**
   * What takes focus on opening: the first field or button, or the dialog itself (the post
   * view, where the first button is a photo's Next or Like and a typed key would press it).
   */
  initialFocus?: 'first' | 'dialog'
  /**
   * Keys pressed anywhere in the window (focus may have left the dialog) while this dialog is
   * the one on top; a dialog opened over it has them meanwhile.
   */
  onPageKeyDown?(event: globalThis.KeyboardEvent): void
  children: ReactNode
}

export function Modal({
  title,
  showTitle = true,
  onClose,
  closeDisabled = false,
  className = '',
  leading,
  closeButton = true,
  initialFocus = 'first',
  onPageKeyDown,
  children
}: ModalProps): ReactElement {
  const titleId = useId()
  const t = useT()
  const dialogRef = useRef<HTMLDivElement>(null)
  const trapFocus = useFocusTrap(dialogRef)
  const { isTop, depth } = useDialogLayer()

  useEffect(() => {
    if (!onPageKeyDown) return
    const onKey = (event: globalThis.KeyboardEvent): void => {
      if (isTop()) onPageKeyDown(event)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onPageKeyDown, isTop])

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const dialog = dialogRef.current
    // A field inside that took focus as it mounted (the comment box opened to comment) keeps it.
    if (!dialog?.contains(document.activeElement)) {
      const first =
        initialFocus === 'first'
          ? dialog?.querySelector<HTMLElement>('input, textarea, button:not([data-modal-close])')
          : null
      // The dialog is fixed over the page: focusing into it must not scroll what lies beneath.
      ;(first ?? dialog)?.focus({ preventScroll: true })
    }
    return () => opener?.focus?.()
    // Only on opening: focus is the user's from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const requestClose = (): void => {
    if (!closeDisabled) onClose()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      requestClose()
      return
    }
    trapFocus(event)
  }

  return (
    <div
      className={styles.backdrop}
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose()
      }}
    >
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={showTitle ? styles.titleBar : styles['titleBar--hidden']}>
          {leading && <div className={styles.leading}>{leading}</div>}
          <h2 id={titleId} className={showTitle ? styles.title : styles['title--hidden']}>
            {title}
          </h2>
        </div>
        {closeButton && (
          <button
            type="button"
            className={styles.close}
            aria-label={t('common.close')}
            data-modal-close
            onClick={requestClose}
            disabled={closeDisabled}
          >
            <X size={22} aria-hidden />
          </button>
        )}
        <DialogDepth.Provider value={depth}>{children}</DialogDepth.Provider>
      </div>
    </div>
  )
}
