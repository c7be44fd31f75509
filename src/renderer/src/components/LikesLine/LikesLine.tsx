// Under a post's actions: its like count ("1,234 likes", the spec's string) and, when it has
// likes, "Liked by <someone the reader follows, or the latest liker> and others", as the
// network shows it. The count and "others" open the likers list (`#/p/<id>/liked_by`); the name
// opens that person's profile. Where the count is hidden from the reader (docs/product.md,
// "Content controls") the number is left out: "Liked by <name> and others" or "Liked by others".

import { useEffect, type MouseEvent, type ReactElement } from 'react'
import { Trans } from 'react-i18next'
import { formatLikeCount } from '@shared/format'
import { useLikers, usePosts, useStores } from '../../store'
import { routeHash, type Route } from '../../store/router/routes'
import { PersonLink } from '../PersonLink/PersonLink'
import { useLocale, useT } from '../../i18n'
import styles from './LikesLine.module.scss'

export function LikesLine({
  postId,
  likesCount,
  countHidden = false,
  className = ''
}: {
  postId: string
  likesCount: number
  countHidden?: boolean
  className?: string
}): ReactElement | null {
  const { likers, router } = useStores()
  const t = useT()
  const locale = useLocale()
  const named = useLikers((state) => state.named.get(postId))
  // The reader's own like never changes who is named (the database names others), so only a
  // change in others' likes asks again: a like stays one request.
  const likedByReader = usePosts((state) => state.liked[postId] === true)
  const othersLikes = Math.max(likesCount - (likedByReader ? 1 : 0), 0)
  useEffect(() => likers.getState().watchNamed(postId, othersLikes), [likers, postId, othersLikes])

  const route: Route = { name: 'likers', postId }
  const openLikers = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault()
    router.getState().navigate(route)
  }
  const count = countHidden ? null : formatLikeCount(likesCount, locale)
  if (countHidden && likesCount === 0) return null
  const name = named ? (
    <PersonLink username={named} className={styles.name}>
      {named}
    </PersonLink>
  ) : null
  const others = <a className={styles.name} href={routeHash(route)} onClick={openLikers} />
  // "Liked by <name> and <others>": the catalog orders the parts, each language its own way.
  const likedBy = (key: 'likedByName' | 'likedByNameAndOthers' | 'likedByOthers'): ReactElement => (
    <span className={styles.likedBy}>
      <Trans
        t={t}
        i18nKey={`post.${key}`}
        values={{ name: named }}
        components={{ name: name ?? <span />, others }}
      />
    </span>
  )
  if (countHidden) {
    return (
      <div className={`${styles.line} ${className}`}>
        {likedBy(named ? 'likedByNameAndOthers' : 'likedByOthers')}
      </div>
    )
  }
  const label = t('post.likes', { count: likesCount, n: count })
  return (
    <div className={`${styles.line} ${className}`}>
      {likesCount > 0 ? (
        <a className={styles.count} href={routeHash(route)} onClick={openLikers}>
          {label}
        </a>
      ) : (
        <span className={styles.count}>{label}</span>
      )}
      {likesCount > 0 && named && likedBy(likesCount > 1 ? 'likedByNameAndOthers' : 'likedByName')}
    </div>
  )
}
