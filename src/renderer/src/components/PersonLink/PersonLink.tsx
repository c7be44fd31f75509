// A link to a person's profile: a real link (hash URL), so it can be focused and read as one,
// that navigates through the router, so Back returns to where it was clicked.

import type { MouseEvent, ReactElement, ReactNode } from 'react'
import { useStores } from '../../store'
import { profileRoute, routeHash } from '../../store/router/routes'

export interface PersonLinkProps {
  username: string
  className?: string
  /**
   * A second link to the same profile right beside its username link (the avatar): kept out
   * of the tab order and hidden from assistive tech, which would otherwise hear it twice.
   */
  duplicate?: boolean
  children: ReactNode
}

export function PersonLink({
  username,
  className,
  duplicate = false,
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
      tabIndex={duplicate ? -1 : undefined}
      aria-hidden={duplicate || undefined}
      // A name keeps its own direction inside right-to-left text (a Latin handle in Arabic).
      dir="auto"
      onClick={onClick}
    >
      {children}
    </a>
  )
}
