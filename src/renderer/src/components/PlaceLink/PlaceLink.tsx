// A post's location under its author, on the card and in the post view: a link to the place's
// page when the post names a place, plain text otherwise.

import type { ReactElement } from 'react'
import { useStores } from '../../store'
import { placeRoute, routeHash } from '../../store/router/routes'

export function PlaceLink({
  location,
  placeId,
  className
}: {
  location: string
  placeId: string | null | undefined
  className: string
}): ReactElement {
  const { router } = useStores()
  if (!placeId) return <p className={className}>{location}</p>
  return (
    <a
      className={className}
      href={routeHash(placeRoute(placeId))}
      onClick={(event) => {
        // In-app navigation: the desktop window refuses to navigate; a post view over the
        // page closes as the route changes.
        event.preventDefault()
        router.getState().navigate(placeRoute(placeId))
      }}
    >
      {location}
    </a>
  )
}
