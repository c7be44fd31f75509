// A caption or comment with its @mentions and #hashtags as links: a mention opens that
// person's profile, a tag the tag's page. Plain text stays text (React escapes it).

import type { MouseEvent, ReactElement } from 'react'
import { splitTextLinks } from '@shared/text-links'
import { useStores } from '../../store'
import { profileRoute, routeHash, tagRoute, type Route } from '../../store/router/routes'
import styles from './RichText.module.scss'

export function RichText({ text }: { text: string }): ReactElement {
  const { router } = useStores()
  // In-app navigation: the desktop window refuses to navigate, the browser need not reload. A
  // post view open over the page closes as the route changes (navigation/postRoute.ts).
  const follow = (event: MouseEvent, route: Route): void => {
    event.preventDefault()
    router.getState().navigate(route)
  }
  return (
    <>
      {splitTextLinks(text).map((segment, index) => {
        if (segment.kind === 'text') return <span key={index}>{segment.text}</span>
        if (segment.kind === 'tag') {
          return (
            <a
              key={index}
              className={styles.link}
              href={routeHash(tagRoute(segment.tag))}
              // Isolated in its own direction: "#sunset" in Arabic text keeps its # in front.
              dir="auto"
              onClick={(event) => follow(event, tagRoute(segment.tag))}
            >
              {segment.text}
            </a>
          )
        }
        return (
          <a
            key={index}
            className={styles.link}
            href={routeHash(profileRoute(segment.username))}
            dir="auto"
            onClick={(event) => follow(event, profileRoute(segment.username))}
          >
            {segment.text}
          </a>
        )
      })}
    </>
  )
}
