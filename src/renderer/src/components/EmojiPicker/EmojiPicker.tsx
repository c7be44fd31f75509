// A small emoji picker: a button that opens a panel of emoji above it. The panel is a grid the
// arrow keys move through (Home and End too), Enter or a click picks (the panel stays open for
// more), Escape closes it and hands focus back to the button, and a click or focus outside
// closes it. Each emoji is named for screen readers. In right-to-left text the rows run from the
// right, and ←/→ with them.

import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement } from 'react'
import { Smile } from 'lucide-react'
import { EMOJI, EMOJI_COLUMNS, emojiKey } from './emoji'
import { useT } from '../../i18n'
import { arrowStep, isRightToLeft } from '../../keyboard/readingDirection'
import styles from './EmojiPicker.module.scss'

/** Where focus goes for a key, or null when the key is not the grid's. */
function nextIndex(key: string, at: number, count: number, rtl: boolean): number | null {
  const step = arrowStep(key, rtl)
  const moves: Record<string, number> = {
    ...(step === null ? {} : { [key]: at + step }),
    ArrowUp: at - EMOJI_COLUMNS,
    ArrowDown: at + EMOJI_COLUMNS,
    Home: 0,
    End: count - 1
  }
  const to = moves[key]
  if (to === undefined) return null
  return Math.min(Math.max(to, 0), count - 1)
}

export interface EmojiPickerProps {
  onPick(emoji: string): void
  disabled?: boolean
}

export function EmojiPicker({ onPick, disabled = false }: EmojiPickerProps): ReactElement {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const cells = useRef<(HTMLButtonElement | null)[]>([])

  const close = (refocus: boolean): void => {
    setOpen(false)
    if (refocus) toggle.current?.focus()
  }

  // Opening puts focus on the emoji last moved to.
  useEffect(() => {
    if (open) cells.current[active]?.focus()
    // Only when it opens: moving within it focuses as it goes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  useEffect(() => {
    if (!open) return
    const outside = (event: MouseEvent): void => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape') {
      // The thread's dialog (if any) keeps its Escape for itself.
      event.stopPropagation()
      close(true)
      return
    }
    const to = nextIndex(event.key, active, EMOJI.length, isRightToLeft(event.currentTarget))
    if (to === null) return
    event.preventDefault()
    setActive(to)
    cells.current[to]?.focus()
  }

  return (
    <div
      className={styles.picker}
      ref={root}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        type="button"
        ref={toggle}
        className={styles.toggle}
        aria-label={t('direct.emoji')}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Smile size={24} aria-hidden />
      </button>
      {open && (
        <div className={styles.panel} role="dialog" aria-label={t('direct.chooseEmoji')}>
          <div
            role="grid"
            aria-label={t('direct.emoji')}
            onKeyDown={onKeyDown}
            className={styles.grid}
          >
            {Array.from({ length: Math.ceil(EMOJI.length / EMOJI_COLUMNS) }, (_, row) => (
              <div role="row" key={row} className={styles.row}>
                {EMOJI.slice(row * EMOJI_COLUMNS, (row + 1) * EMOJI_COLUMNS).map((emoji, col) => {
                  const index = row * EMOJI_COLUMNS + col
                  return (
                    <span role="gridcell" key={emoji.char}>
                      <button
                        type="button"
                        ref={(element) => {
                          cells.current[index] = element
                        }}
                        className={styles.emoji}
                        aria-label={t(`emojiNames.${emojiKey(emoji)}`, {
                          defaultValue: emoji.name
                        })}
                        tabIndex={index === active ? 0 : -1}
                        onFocus={() => setActive(index)}
                        onClick={() => onPick(emoji.char)}
                      >
                        {emoji.char}
                      </button>
                    </span>
                  )
                })}
              </div>
            ))}
          </div>
        </div>
      )}
    </div>
  )
}
