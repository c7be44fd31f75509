// What to offer for the token being typed: people whose username starts with it (for @) or
// hashtags that start with it, with their post counts (for #), through the app's own searches.
// Asked for after a short pause in typing; an answer to an older token is dropped.

import { useEffect, useState } from 'react'
import { useStores } from '../../store'
import type { CaretToken } from './caretToken'

export interface Suggestion {
  key: string
  /** What the token becomes, without its sign. */
  value: string
  label: string
  detail: string | null
  /** A person's avatar; hashtags have none. */
  person?: { id: string; avatarUrl: string | null }
}

const TYPING_PAUSE_MS = 120
const NONE: Suggestion[] = []
const RESULTS = 6

const formatPosts = (posts: number): string =>
  `${posts.toLocaleString('en-US')} ${posts === 1 ? 'post' : 'posts'}`

export function useSuggestions(token: Pick<CaretToken, 'kind' | 'query'> | null): Suggestion[] {
  const { peopleTags, direct } = useStores()
  const kind = token?.kind ?? null
  const query = token?.query ?? ''
  const asking = kind && query ? `${kind}:${query}` : null
  // Each answer is kept with the token it answers, so a stale one is never shown.
  const [answer, setAnswer] = useState<{ to: string; items: Suggestion[] } | null>(null)

  useEffect(() => {
    if (!kind || !query || !asking) return
    let current = true
    const timer = setTimeout(() => {
      const asked: Promise<Suggestion[]> =
        kind === 'mention'
          ? direct
              .getState()
              .search(query, RESULTS * 2)
              .then((people) =>
                people
                  .filter((person) => person.username.startsWith(query.toLowerCase()))
                  .slice(0, RESULTS)
                  .map((person) => ({
                    key: person.id,
                    value: person.username,
                    label: person.username,
                    detail: person.full_name,
                    person: { id: person.id, avatarUrl: person.avatar_url }
                  }))
              )
          : peopleTags
              .getState()
              .services.searchHashtags(query, RESULTS)
              .then((tags) =>
                tags.map((tag) => ({
                  key: tag.tag,
                  value: tag.tag,
                  label: `#${tag.tag}`,
                  detail: formatPosts(tag.posts)
                }))
              )
      asked.then(
        (items) => current && setAnswer({ to: asking, items }),
        () => current && setAnswer({ to: asking, items: [] })
      )
    }, TYPING_PAUSE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [peopleTags, direct, kind, query, asking])

  return answer && answer.to === asking ? answer.items : NONE
}
