// Settings › Followed hashtags: the tags whose posts join the Following feed, each linking to its
// page, with Unfollow. The list is the reader's alone (the database's followed_tags policies).

import { useEffect, type ReactElement } from 'react'
import { Hash } from 'lucide-react'
import { useHashtags, useStores } from '../../store'
import { routeHash, tagRoute } from '../../store/router/routes'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import own from './FollowedTagsSection.module.scss'
import styles from './SettingsSection.module.scss'

export function FollowedTagsSection(): ReactElement {
  const { hashtags } = useStores()
  const followed = useHashtags((state) => state.followed)
  const status = useHashtags((state) => state.status)
  const error = useHashtags((state) => state.error)
  const busy = useHashtags((state) => state.busy)
  const t = useT()
  const translate = useMessage()
  useEffect(() => {
    void hashtags.getState().load()
  }, [hashtags])

  let list: ReactElement
  if (status === 'error') {
    list = (
      <p className={styles.error} role="alert">
        {error && translate(error)}
      </p>
    )
  } else if (!followed) {
    list = <p role="status">{t('settings.loading')}</p>
  } else if (followed.length === 0) {
    list = <p className={styles.muted}>{t('settings.followedTags.empty')}</p>
  } else {
    list = (
      <ul className={styles.list} aria-label={t('settings.sections.followedHashtags')}>
        {followed.map((tag) => (
          <li key={tag} className={styles.row}>
            <Hash size={24} aria-hidden />
            <div className={styles.grow}>
              <a className={own.tag} href={routeHash(tagRoute(tag))}>
                #{tag}
              </a>
            </div>
            <button
              type="button"
              className={styles.secondary}
              aria-label={t('settings.followedTags.unfollowLabel', { tag })}
              disabled={busy.has(tag)}
              onClick={() => void hashtags.getState().setFollowing(tag, false)}
            >
              {t('settings.followedTags.unfollow')}
            </button>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <>
      <p className={styles.intro}>{t('settings.followedTags.intro')}</p>
      {list}
    </>
  )
}
