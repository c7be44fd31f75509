// The profile view (docs/product.md, "Profile"): the signed-in user's own profile, counts and
// posts grid. A post created meanwhile arrives through the store, without a re-read.

import { useEffect, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { formatLikeCount } from '@shared/format'
import { MESSAGES } from '@shared/messages'
import { useProfile, useSession, useStores } from '../../store'
import { selectProfile, selectUserId } from '../../store/session/sessionStore'
import { Avatar } from '../Avatar/Avatar'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './ProfileView.module.scss'

function Count({ value, label }: { value: number; label: string }): ReactElement {
  return (
    <li>
      <span className={styles.countValue}>{formatLikeCount(value)}</span> {label}
    </li>
  )
}

export function ProfileView(): ReactElement {
  const stores = useStores()
  const userId = useSession(selectUserId)
  const profile = useProfile((state) => state.profile)
  const posts = useProfile((state) => state.posts)
  const stats = useProfile((state) => state.stats)
  const status = useProfile((state) => state.status)

  useEffect(() => {
    // The session's copy shows at once; the store re-reads it anyway.
    if (userId)
      void stores.profile.getState().load(userId, selectProfile(stores.session.getState()))
  }, [stores, userId])

  const back = (
    <button
      type="button"
      className={styles.back}
      aria-label="Back"
      onClick={() => stores.ui.getState().showFeed()}
    >
      <ArrowLeft size={24} aria-hidden />
    </button>
  )

  if (!profile) {
    return (
      <main className={styles.page}>
        <div className={styles.topBar}>{back}</div>
        <p className={styles.loading} role="status">
          {MESSAGES.loadingProfile}
        </p>
      </main>
    )
  }

  // The page's main landmark, like the feed's, so screen-reader users can jump to it.
  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        {back}
        <h1 className={styles.title}>{profile.username}</h1>
      </div>
      <section className={styles.summary}>
        <div className={styles.avatarCell}>
          <Avatar
            src={profile.avatar_url}
            name={profile.username}
            size={150}
            className={styles.avatar}
          />
        </div>
        <div className={styles.info}>
          <div className={styles.nameRow}>
            <h2 className={styles.username}>{profile.username}</h2>
            <button type="button" className={styles.edit}>
              Edit profile
            </button>
          </div>
          <ul className={styles.counts} aria-label="Profile stats">
            <Count value={stats.posts} label={stats.posts === 1 ? 'post' : 'posts'} />
            <Count
              value={stats.followers}
              label={stats.followers === 1 ? 'follower' : 'followers'}
            />
            <Count value={stats.following} label="following" />
          </ul>
          {profile.full_name && <p className={styles.fullName}>{profile.full_name}</p>}
          {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
        </div>
      </section>
      <div className={styles.tabs} role="tablist" aria-label="Profile sections">
        <span className={styles.tab} role="tab" aria-selected="true">
          Posts
        </span>
      </div>
      <ProfileGrid posts={posts} loading={status !== 'ready'} />
    </main>
  )
}
