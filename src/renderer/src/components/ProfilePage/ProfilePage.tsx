// Anyone's profile at #/u/<username>: avatar, names, bio, counts (which open the followers and
// following lists), the posts grid, and Follow / Following, or Edit profile and a Saved tab only
// you see on your own. A username no one has gets a page that says so.

import { useEffect, useState, type ReactElement } from 'react'
import { formatLikeCount } from '@shared/format'
import { MESSAGES } from '@shared/messages'
import type { ConnectionDirection } from '@shared/domain'
import { usePeople, useSaved, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { HOME } from '../../store/router/routes'
import { Avatar } from '../Avatar/Avatar'
import { FollowButton } from '../FollowButton/FollowButton'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import styles from './ProfilePage.module.scss'

function CountLink(props: {
  value: number
  singular: string
  plural: string
  onOpen?: () => void
}): ReactElement {
  const text = (
    <>
      <span className={styles.countValue}>{formatLikeCount(props.value)}</span>{' '}
      {props.value === 1 ? props.singular : props.plural}
    </>
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

export function ProfilePage({ username }: { username: string }): ReactElement {
  const { people, router, saved, ui } = useStores()
  const userId = useSession(selectUserId)
  const page = usePeople((state) => state.page)
  const profile = page?.profile ?? null
  const followers = usePeople((state) =>
    profile ? (state.followerCounts[profile.id] ?? profile.followers_count ?? 0) : 0
  )
  const followingDelta = usePeople((state) => state.ownFollowingDelta)
  const [tab, setTab] = useState<'posts' | 'saved'>('posts')
  const savedPosts = useSaved((state) => state.posts)
  const savedStatus = useSaved((state) => state.status)
  const isOwnProfile = profile !== null && profile.id === userId
  const shownTab = isOwnProfile ? tab : 'posts'

  useEffect(() => {
    if (shownTab === 'saved') void saved.getState().loadPage()
  }, [saved, shownTab])

  useEffect(() => {
    void people.getState().loadProfile(username)
  }, [people, username, userId])

  if (!page || page.username !== username || (page.status === 'loading' && !profile)) {
    return (
      <main className={styles.page}>
        <p className={styles.message} role="status">
          {MESSAGES.loadingProfile}
        </p>
      </main>
    )
  }
  if (page.status === 'not-found' || page.status === 'failed' || !profile) {
    return (
      <main className={styles.page}>
        <div className={styles.notFound}>
          <h1 className={styles.notFoundTitle}>
            {page.status === 'failed'
              ? "Couldn't load this profile"
              : "Sorry, this page isn't available."}
          </h1>
          <p>
            {page.status === 'failed'
              ? page.error
              : `No one has the username @${username}. The link may be broken, or the profile may have been removed.`}
          </p>
          <button
            type="button"
            className={styles.home}
            onClick={() => router.getState().navigate(HOME)}
          >
            Go back to the feed
          </button>
        </div>
      </main>
    )
  }

  const isOwn = profile.id === userId
  const following = (profile.following_count ?? 0) + (isOwn ? followingDelta : 0)
  const open = (direction: ConnectionDirection) => () =>
    router.getState().navigate({ name: 'connections', username: profile.username, direction })

  return (
    <main className={styles.page}>
      <section className={styles.summary} aria-label={`${profile.username}'s profile`}>
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
            <h1 className={styles.username}>{profile.username}</h1>
            {isOwn ? (
              <button
                type="button"
                className={styles.edit}
                onClick={() => ui.getState().openEditProfile()}
              >
                Edit profile
              </button>
            ) : (
              <FollowButton person={{ ...profile, followers_count: followers }} />
            )}
          </div>
          <ul className={styles.counts} aria-label="Profile stats">
            <CountLink value={page.postsTotal} singular="post" plural="posts" />
            <CountLink
              value={followers}
              singular="follower"
              plural="followers"
              onOpen={open('followers')}
            />
            <CountLink
              value={following}
              singular="following"
              plural="following"
              onOpen={open('following')}
            />
          </ul>
          {profile.full_name && <p className={styles.fullName}>{profile.full_name}</p>}
          {profile.bio && <p className={styles.bio}>{profile.bio}</p>}
        </div>
      </section>
      {isOwn ? (
        <>
          <div className={styles.tabs} role="tablist" aria-label="Profile sections">
            {(['posts', 'saved'] as const).map((name) => (
              <button
                key={name}
                type="button"
                id={`profile-tab-${name}`}
                className={`${styles.tab} ${shownTab === name ? styles['tab--selected'] : ''}`}
                role="tab"
                aria-selected={shownTab === name}
                aria-controls="profile-tab-panel"
                onClick={() => setTab(name)}
              >
                {name === 'posts' ? 'Posts' : 'Saved'}
              </button>
            ))}
          </div>
          <div id="profile-tab-panel" role="tabpanel" aria-labelledby={`profile-tab-${shownTab}`}>
            {shownTab === 'posts' ? (
              <ProfileGrid posts={page.posts} loading={page.status !== 'ready'} />
            ) : (
              <ProfileGrid
                posts={savedPosts}
                loading={savedStatus === 'loading' && savedPosts.length === 0}
                label="Saved posts"
                emptyTitle="Save"
                emptyText="Save photos that you want to see again. Only you can see what you've saved."
              />
            )}
          </div>
        </>
      ) : (
        <>
          <div className={styles.tabs}>
            <h2 className={`${styles.tab} ${styles['tab--selected']}`}>Posts</h2>
          </div>
          <ProfileGrid posts={page.posts} loading={page.status !== 'ready'} />
        </>
      )}
    </main>
  )
}
