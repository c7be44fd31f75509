// One option of the suggestions under a field (search, a place, the caption's @ and #): the
// listbox's option the field points at with aria-activedescendant, marked while it is the
// active one. A pointer pick keeps the focus in the field, so the list does not close before
// the click lands.

import type { KeyboardEvent, ReactElement, ReactNode } from 'react'

/**
 * ↑/↓ in the field: the list opens and the active option moves one along, round from either
 * end. False, doing nothing, for any other key.
 */
export function arrowToOption(
  event: KeyboardEvent,
  count: number,
  open: () => void,
  setActive: (move: (index: number) => number) => void
): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false
  event.preventDefault()
  open()
  const step = event.key === 'ArrowDown' ? 1 : -1
  if (count > 0) setActive((index) => (index + step + count) % count)
  return true
}

export function ListOption({
  id,
  active,
  className,
  activeClassName,
  onPick,
  children
}: {
  id: string
  active: boolean
  className: string
  activeClassName: string
  onPick(): void
  children: ReactNode
}): ReactElement {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`${className} ${active ? activeClassName : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
    >
      {children}
    </li>
  )
}
