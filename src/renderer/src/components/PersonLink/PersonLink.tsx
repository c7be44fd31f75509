// A link to a person's profile: a real link (hash URL), so it can be focused and read as one,
// that navigates through the router, so Back returns to where it was clicked.

import type { MouseEvent, ReactElement, ReactNode } from 'react'
import { useStores } from '../../store'
import { profileRoute, routeHash } from '../../store/router/routes'

export interface PersonLinkProps {
  username: string
  className?: string
  /** For links whose content is not the username (an avatar). */
  label?: string
  tabIndex?: number
  children: ReactNode
}

export function PersonLink({
  username,
  className,
  label,
  tabIndex,
  children
}: PersonLinkProps): ReactElement {
  const { router } = useStores()
  const route = profileRoute(username)
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    router.getState().navigate(route)
  }
  return (
    <a
      href={routeHash(route)}
      className={className}
      aria-label={label}
      tabIndex={tabIndex}
      onClick={onClick}
    >
      {children}
    </a>
  )
}
