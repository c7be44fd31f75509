// A hashtag page's header, as the network's: a round picture (the top post's), the tag, how many
// posts carry it, and Follow / Following. A visitor is asked to log in; the change itself is the
// hashtags store's (optimistic, undone with a message when refused).

import type { ReactElement } from 'react'
import type { TFunction } from 'i18next'
import { Hash } from 'lucide-react'
import type { TagSummary } from '../../services/types'
import { useHashtags, usePosts, useSession, useStores } from '../../store'
import { selectIsSignedIn } from '../../store/session/sessionStore'
import { formatLikeCount } from '@shared/format'
import { useLocale, useT } from '../../i18n'
import styles from './BrowseView.module.scss'

/** "1 post", "1,234 posts": the count with the language's separators and plural. */
export function postCountLabel(t: TFunction, posts: number, locale: string): string {
  return t('hashtags.posts', { count: posts, n: formatLikeCount(posts, locale) })
}

export function TagHeader({
  tag,
  summary,
  coverId
}: {
  tag: string
  summary: TagSummary | null
  /** The post whose picture stands for the tag (the first top post). */
  coverId: string | undefined
}): ReactElement {
  const { hashtags, ui } = useStores()
  const t = useT()
  const locale = useLocale()
  const signedIn = useSession(selectIsSignedIn)
  const known = useHashtags((state) => state.following[tag])
  const busy = useHashtags((state) => state.busy.has(tag))
  const cover = usePosts((state) => (coverId ? state.byId[coverId] : undefined))
  const following = known ?? summary?.following ?? false
  const picture = cover?.thumb_url ?? cover?.image_url

  const onFollow = (): void => {
    if (!signedIn) ui.getState().openAuth('signin')
    else void hashtags.getState().setFollowing(tag, !following)
  }

  return (
    <header className={styles.header}>
      <div className={styles.cover} aria-hidden>
        {picture ? <img src={picture} alt="" /> : <Hash size={40} strokeWidth={1.5} />}
      </div>
      <div className={styles.headerText}>
        <h1 className={styles.title}>#{tag}</h1>
        <p className={styles.count}>
          {summary ? postCountLabel(t, summary.posts, locale) : '\u00a0'}
        </p>
        <button
          type="button"
          className={following ? styles['follow--following'] : styles.follow}
          aria-pressed={following}
          aria-label={
            following ? t('hashtags.followingTag', { tag }) : t('hashtags.followTag', { tag })
          }
          disabled={busy || !summary}
          onClick={onFollow}
        >
          {following ? t('people.following') : t('people.follow')}
        </button>
      </div>
    </header>
  )
}
