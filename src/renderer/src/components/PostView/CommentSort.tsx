// "Sort comments": a small menu button showing the current order (Newest first, Oldest first),
// drawn in the app's style rather than the platform's select. Enter, Space or ↓ opens it on the
// chosen order; ↑/↓ move, Enter picks; Escape, Tab or a click outside closes it, and Escape or a
// pick hands focus back to the button. Keys stay in it, so the post view's ←/→ and Escape and
// the window's shortcuts do not fire from it.

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { Check, ChevronDown } from 'lucide-react'
import type { PageOrder as CommentsOrder } from '../../services/types'
import { moveMenuFocus } from '../../hooks/menuKeys'
import { useT } from '../../i18n'
import styles from './CommentSort.module.scss'

const CHOICES = [
  { value: 'newest', label: 'postView.newestFirst' },
  { value: 'oldest', label: 'postView.oldestFirst' }
] as const satisfies { value: CommentsOrder; label: string }[]

export function CommentSort({
  order,
  onChange
}: {
  order: CommentsOrder
  onChange(order: CommentsOrder): void
}): ReactElement {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const labelId = useId()
  const valueId = useId()
  const menuId = useId()
  const t = useT()
  const current = CHOICES.find((choice) => choice.value === order) ?? CHOICES[0]

  useEffect(() => {
    if (!open) return
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus()
    const onPointerDown = (event: MouseEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])

  const close = (): void => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const choose = (value: CommentsOrder): void => {
    close()
    if (value !== order) onChange(value)
  }
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
    }
  }
  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    if (event.key === 'Tab') return setOpen(false)
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    moveMenuFocus(event)
  }

  return (
    <div className={styles.sort} ref={rootRef}>
      <span id={labelId} className={styles.label}>
        {t('postView.sortComments')}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={onButtonKeyDown}
      >
        <span id={valueId}>{t(current.label)}</span>
        <ChevronDown size={14} strokeWidth={2.5} aria-hidden />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          className={styles.menu}
          role="menu"
          aria-labelledby={labelId}
          onKeyDown={onMenuKeyDown}
        >
          {CHOICES.map((choice) => (
            <li key={choice.value} role="none">
              <button
                type="button"
                role="menuitemradio"
                className={styles.item}
                aria-checked={choice.value === order}
                tabIndex={-1}
                onClick={() => choose(choice.value)}
              >
                {t(choice.label)}
                {choice.value === order && <Check size={14} strokeWidth={2.5} aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
