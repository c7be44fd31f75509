// The head of a profile: avatar, username with Follow or Edit profile (and "Follows you" when
// they follow the viewer), the three counts (which open the followers and following lists) and
// the names and bio. A profile whose row could not be read shows its username with counts of 0
// (docs/product.md, "Profile"); one's own keeps Edit profile, View archive and the full name given at sign-up.

import type { ReactElement } from 'react'
import { formatLikeCount } from '@shared/format'
import type { ConnectionDirection, Profile } from '@shared/domain'
import { usePeople, useSession, useStores } from '../../store'
import { selectOwnFullName, selectUserId } from '../../store/session/sessionStore'
import { settingsRoute } from '../../store/router/routes'
import { Avatar } from '../Avatar/Avatar'
import { FollowButton } from '../FollowButton/FollowButton'
import { Trans } from 'react-i18next'
import { useLocale, useT } from '../../i18n'
import styles from './ProfilePage.module.scss'

type CountKey = 'profile.posts' | 'profile.followers' | 'profile.following'

/** "<b>1,234</b> followers": the catalog places the number, so each language orders its own. */
function CountLink(props: { value: number; label: CountKey; onOpen?: () => void }): ReactElement {
  const t = useT()
  const locale = useLocale()
  const text = (
    <Trans
      t={t}
      i18nKey={props.label}
      count={props.value}
      values={{ n: formatLikeCount(props.value, locale) }}
      components={{ b: <span className={styles.countValue} /> }}
    />
  )
  return (
    <li>
      {props.onOpen ? (
        <button type="button" className={styles.countButton} onClick={props.onOpen}>
          {text}
        </button>
      ) : (
        text
      )}
    </li>
  )
}

export function ProfileSummary(props: {
  username: string
  profile: Profile | null
  /** The signed-in user's own profile, whether or not its row was read. */
  own: boolean
  postsTotal: number
}): ReactElement {
  const { profile, postsTotal, own: isOwn } = props
  const { router, ui } = useStores()
  const ownFullName = useSession(selectOwnFullName)
  const userId = useSession(selectUserId)
  const t = useT()
  const followers = usePeople((state) =>
    profile ? (state.followerCounts[profile.id] ?? profile.followers_count ?? 0) : 0
  )
  const followingDelta = usePeople((state) => state.ownFollowingDelta)
  const followsYou = usePeople((state) => (profile ? state.followerIds.has(profile.id) : false))
  const username = profile?.username ?? props.username
  const fullName = profile ? profile.full_name : isOwn ? ownFullName : null
  const following = (profile?.following_count ?? 0) + (isOwn ? followingDelta : 0)
  const open = (direction: ConnectionDirection) =>
    profile
      ? () => router.getState().navigate({ name: 'connections', username, direction })
      : undefined

  return (
    <section className={styles.summary} aria-label={t('profile.summaryLabel', { username })}>
      <div className={styles.avatarCell}>
        <Avatar
          src={profile?.avatar_url ?? null}
          name={username}
          personId={profile?.id ?? (isOwn ? userId : undefined)}
          size={150}
          className={styles.avatar}
        />
      </div>
      <div className={styles.info}>
        <div className={styles.nameRow}>
          <h2 className={styles.username}>{username}</h2>
          {isOwn ? (
            <>
              <button
                type="button"
                className={styles.edit}
                onClick={() => ui.getState().openEditProfile()}
              >
                {t('profile.editProfile')}
              </button>
              <button
                type="button"
                className={styles.edit}
                onClick={() => router.getState().navigate(settingsRoute('archive'))}
              >
                {t('profile.viewArchive')}
              </button>
            </>
          ) : (
            profile && <FollowButton person={{ ...profile, followers_count: followers }} />
          )}
          {followsYou && !isOwn && (
            <span className={styles.followsYou}>{t('profile.followsYou')}</span>
          )}
        </div>
        <ul className={styles.counts} aria-label={t('profile.stats')}>
          <CountLink value={postsTotal} label="profile.posts" />
          <CountLink value={followers} label="profile.followers" onOpen={open('followers')} />
          <CountLink value={following} label="profile.following" onOpen={open('following')} />
        </ul>
        {fullName && <p className={styles.fullName}>{fullName}</p>}
        {profile?.bio && <p className={styles.bio}>{profile.bio}</p>}
      </div>
    </section>
  )
}
