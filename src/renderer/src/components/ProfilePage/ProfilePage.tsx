// Anyone's profile at #/u/<username> (docs/product.md, "Profile"): its own bar (Back and the
// username), the summary, and the posts grid, read a page at a time as it scrolls; your own adds
// Edit profile and a Saved tab only you see (`#/u/<name>/saved`); everyone's has a Tagged tab
// (`#/u/<name>/tagged`, ProfileTabs). A username no one has gets the not-found page.

import { Suspense, useCallback, useEffect, type ReactElement } from 'react'
import { usePeople, useSession, useStores } from '../../store'
import { selectOwnUsername, selectUserId } from '../../store/session/sessionStore'
import { HOME, type ProfileTab } from '../../store/router/routes'
import { withIdentity } from '../../store/people/personEntities'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { NotFoundPage } from '../NotFoundPage/NotFoundPage'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { ProfileSummary } from './ProfileSummary'
import { ProfileHighlights } from '../ProfileHighlights/ProfileHighlights'
import { ProfileTabs } from './profileTabsLoader'
import { ProfileTopBar } from './ProfileTopBar'
import { useT } from '../../i18n'
import styles from './ProfilePage.module.scss'

const NO_IDS: readonly string[] = []

/** The grid of the shown profile's posts, reading the next page as its end comes near. */
function PostsGrid(): ReactElement {
  const { people } = useStores()
  const ids = usePeople((state) => state.page?.ids ?? NO_IDS)
  const ready = usePeople((state) => state.page?.status === 'ready')
  const hasMore = usePeople((state) => state.page?.next != null)
  const loadingMore = usePeople((state) => state.page?.loadingMore ?? false)
  const failed = usePeople((state) => state.page?.loadMoreFailed ?? false)
  const loadMore = useCallback(() => void people.getState().loadMorePosts(), [people])
  const t = useT()
  const sentinel = useEndSentinel(loadMore, ready && hasMore && !failed, ids.length)
  return (
    <>
      <ProfileGrid ids={ids} loading={!ready} showPins />
      <div ref={sentinel} data-testid="profile-grid-end" />
      {loadingMore && (
        <p className={styles.message} role="status">
          {t('profile.loadingMore')}
        </p>
      )}
      {failed && (
        <div className={styles.retry}>
          <p>{t('messages.feedMoreFailed')}</p>
          <button type="button" className={styles.home} onClick={loadMore}>
            {t('common.tryAgain')}
          </button>
        </div>
      )}
    </>
  )
}

/** A private account the viewer does not follow: its header and counts, nothing more. */
function PrivateNotice(): ReactElement {
  const t = useT()
  return (
    <div className={styles.notFound}>
      <h2 className={styles.notFoundTitle}>{t('profile.privateTitle')}</h2>
      <p>{t('profile.privateText')}</p>
    </div>
  )
}

export function ProfilePage({
  username,
  tab = 'posts'
}: {
  username: string
  tab?: ProfileTab
}): ReactElement {
  const { people, router, safety } = useStores()
  const userId = useSession(selectUserId)
  const ownUsername = useSession(selectOwnUsername)
  const page = usePeople((state) => state.page)
  // Who the person is comes from the people store's one copy (a rename or new avatar shows).
  const person = usePeople((state) => (page?.profile ? state.byId[page.profile.id] : undefined))
  const profile = page?.profile ? withIdentity(page.profile, person) : null
  const t = useT()

  const followed = usePeople((state) => (profile ? state.followedIds.has(profile.id) : false))

  useEffect(() => {
    void ProfileTabs.preload()
    void people.getState().loadProfile(username)
  }, [people, username, userId])

  // A private account not followed: has the viewer already asked ("Requested")?
  const askable = profile?.is_private && !followed && userId !== null && profile.id !== userId
  const profileId = profile?.id
  useEffect(() => {
    if (!askable || !profileId) return
    void safety
      .getState()
      .requestedTo(profileId)
      .then((requested) => people.getState().learnRequested(profileId, requested))
      .catch(() => undefined)
  }, [askable, profileId, people, safety])

  if (!page || page.username !== username || (page.status === 'loading' && !profile)) {
    return (
      <main className={styles.page}>
        <ProfileTopBar username={username} />
        <p className={styles.message} role="status">
          {t('messages.loadingProfile')}
        </p>
      </main>
    )
  }
  if (page.status === 'not-found')
    return <NotFoundPage top={<ProfileTopBar username={username} />} />
  if (page.status === 'failed') {
    return (
      <main className={styles.page}>
        <ProfileTopBar username={username} />
        <div className={styles.notFound}>
          <h2 className={styles.notFoundTitle}>{t('profile.failedTitle')}</h2>
          <p>{page.error}</p>
          <button
            type="button"
            className={styles.home}
            onClick={() => router.getState().navigate(HOME)}
          >
            {t('profile.backToFeed')}
          </button>
        </div>
      </main>
    )
  }

  // Whose page this is, also when the row could not be read (the spec's empty state).
  const own = profile ? profile.id === userId : username === ownUsername
  return (
    <main className={styles.page}>
      <ProfileTopBar username={profile?.username ?? username} personId={profile?.id} />
      <ProfileSummary
        username={username}
        profile={profile}
        own={own}
        postsTotal={page.postsTotal}
      />
      {profile && <ProfileHighlights personId={profile.id} own={own} />}
      {profile === null ? (
        <PostsGrid />
      ) : profile.is_private && !followed && profile.id !== userId ? (
        <PrivateNotice />
      ) : (
        <Suspense fallback={<PostsGrid />}>
          <ProfileTabs
            username={username}
            profileId={profile.id}
            tab={tab}
            own={profile.id === userId}
            posts={<PostsGrid />}
          />
        </Suspense>
      )}
    </main>
  )
}
