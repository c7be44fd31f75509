// Arrow keys in a menu (ARIA's menu pattern): Down and Up move focus to the next and previous
// item, wrapping at the ends; Home and End to the first and last.

import type { KeyboardEvent } from 'react'

const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]'

/** Moves focus for an arrow, Home or End key; returns whether the key was one of them. */
export function moveMenuFocus(event: KeyboardEvent<HTMLElement>): boolean {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(ITEMS)]
  if (items.length === 0) return false
  const at = items.indexOf(document.activeElement as HTMLElement)
  const last = items.length - 1
  const index =
    event.key === 'ArrowDown'
      ? at === -1 || at === last
        ? 0
        : at + 1
      : event.key === 'ArrowUp'
        ? at <= 0
          ? last
          : at - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null
  if (index === null) return false
  event.preventDefault()
  items[index].focus()
  return true
}
