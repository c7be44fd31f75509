// One option of the suggestions under a field (search, a place, the caption's @ and #): the
// listbox's option the field points at with aria-activedescendant, marked while it is the
// active one. A pointer pick keeps the focus in the field, so the list does not close before
// the click lands.

import type { ReactElement, ReactNode } from 'react'

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
