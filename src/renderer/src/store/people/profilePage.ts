// Anyone's profile page as the people store holds it: the profile row, then its grid a page at a
// time. Failures follow the spec (docs/product.md, "Profile"): a profile or posts query that
// fails is only logged ('Error fetching profile', 'Error fetching user stats', 'Error fetching
// user posts'); loading ends, the grid shows as empty and the counts fall back to 0. The same
// holds for one's own profile when the backend is unreachable and nothing was saved; only
// someone else's profile, never opened before, says it is not available offline.

import type { Post, Profile } from '@shared/domain'
import type { PageCursor, ProfilePosts } from '../../services/types'
import { MESSAGES } from '@shared/messages'
import type { Services } from '../../services'
import { isNetworkError } from '../../offline/connectivityStore'
import { cacheKeys, type SavedAnswers } from '../../offline/cache/savedAnswers'
import { appendPage } from '../feed/feedPages'
import type { PostsStore } from '../posts/postsStore'
import { SAVED_COPY } from '../posts/postEntities'

/** What is saved of a profile page for offline use: the header and the first grid page. */
export interface ProfileSnapshot {
  profile: Profile
  posts: Post[]
  postsTotal: number
}

export type PageStatus = 'loading' | 'ready' | 'not-found' | 'failed'

export interface ProfilePage {
  username: string
  status: PageStatus
  /** Null while loading, for a username no one has, and when the profile query failed. */
  profile: Profile | null
  /** The grid's posts by id, newest first (the posts store holds them). */
  ids: string[]
  postsTotal: number
  /** Where the grid's next page starts; null once the oldest post is shown. */
  next: PageCursor | null
  loadingMore: boolean
  /** The last next-page read failed; the grid offers a retry instead of looping. */
  loadMoreFailed: boolean
  /** Why nothing can be shown (offline with no saved copy); null otherwise. */
  error: string | null
}

export function loadingPage(username: string): ProfilePage {
  return {
    username,
    status: 'loading',
    profile: null,
    ids: [],
    postsTotal: 0,
    next: null,
    loadingMore: false,
    loadMoreFailed: false,
    error: null
  }
}

export interface ProfilePageDeps {
  people: Pick<Services['people'], 'fetchProfileByUsername' | 'fetchProfilePosts'>
  posts: PostsStore
  saved?: SavedAnswers
  /** Whether `username` is the signed-in user's own profile. */
  isOwn?(username: string): boolean
  /** Told the profile row as soon as it is read (follow state, follower counts). */
  onProfile(profile: Profile): Promise<void>
}

type Update = (change: (page: ProfilePage) => Partial<ProfilePage>) => void

/**
 * Reads `username`'s page into `update`, which applies a change only while that page is still
 * the one shown (`isCurrent`): a newer page's answer is never replaced by an older one's.
 */
export async function readProfilePage(
  deps: ProfilePageDeps,
  username: string,
  isCurrent: () => boolean,
  update: Update,
  currentStatus: () => PageStatus | undefined
): Promise<void> {
  const key = cacheKeys.profile(username)
  const showSaved = (snapshot: ProfileSnapshot): void => {
    deps.posts.getState().put(snapshot.posts, SAVED_COPY)
    update(() => ({
      profile: snapshot.profile,
      ids: snapshot.posts.map((post) => post.id),
      postsTotal: snapshot.postsTotal,
      next: null,
      status: 'ready',
      error: null
    }))
  }
  // The saved copy shows until the backend answers (and instead of it, when it cannot).
  const cached = deps.saved?.read<ProfileSnapshot>(key) ?? Promise.resolve(null)
  void cached.then((snapshot) => {
    if (snapshot && isCurrent() && currentStatus() === 'loading') showSaved(snapshot)
  })

  let profile: Profile | null
  try {
    profile = await deps.people.fetchProfileByUsername(username)
  } catch (error) {
    if (!isCurrent()) return
    // The row carries the follower and following counts, so its failure is theirs too.
    console.error('Error fetching profile', error)
    console.error('Error fetching user stats', error)
    if (isNetworkError(error)) {
      const snapshot = await cached
      if (!isCurrent()) return
      if (snapshot) return showSaved(snapshot)
      if (!deps.isOwn?.(username)) {
        update(() => ({ status: 'failed', error: MESSAGES.notAvailableOffline }))
        return
      }
    }
    update(() => ({ status: 'ready', profile: null, ids: [], postsTotal: 0, next: null }))
    return
  }
  if (!isCurrent()) return
  if (!profile) {
    update(() => ({ status: 'not-found' }))
    return
  }
  const found = profile
  update(() => ({ profile: found }))
  const mark = deps.posts.getState().readMark()
  const [grid] = await Promise.all([readGridPage(deps, found.id, null), deps.onProfile(found)])
  if (!isCurrent()) return
  if (grid === null) {
    const snapshot = await cached
    if (!isCurrent()) return
    if (snapshot && snapshot.profile.id === found.id) showSaved({ ...snapshot, profile: found })
    // The spec's failure state: an empty grid and a count of 0, as if the posts were never read.
    else update(() => ({ status: 'ready', ids: [], postsTotal: 0, next: null }))
    return
  }
  // The profile's count, not the grid's: a private account's visitor sees how many posts it
  // has and none of them.
  const postsTotal = found.posts_count ?? grid.posts.length
  deps.posts.getState().put(grid.posts, mark)
  update(() => ({
    status: 'ready',
    ids: grid.posts.map((post) => post.id),
    postsTotal,
    next: grid.next
  }))
  deps.saved?.write(key, {
    profile: found,
    posts: grid.posts,
    postsTotal
  } satisfies ProfileSnapshot)
}

/** Reads the next page of the shown grid; a no-op while one is in flight or at the end. */
export async function readMoreOfGrid(
  deps: ProfilePageDeps,
  page: ProfilePage,
  isCurrent: () => boolean,
  update: Update
): Promise<void> {
  if (page.status !== 'ready' || !page.profile || !page.next || page.loadingMore) return
  update(() => ({ loadingMore: true, loadMoreFailed: false }))
  const mark = deps.posts.getState().readMark()
  const more = await readGridPage(deps, page.profile.id, page.next)
  if (!isCurrent()) return
  if (more === null) {
    update(() => ({ loadingMore: false, loadMoreFailed: true }))
    return
  }
  deps.posts.getState().put(more.posts, mark)
  update((current) => ({
    ids: appendPage(current.ids, more.posts),
    next: more.next,
    loadingMore: false
  }))
}

/** One page of the grid, or null when the query failed (logged, as the spec says). */
async function readGridPage(
  deps: ProfilePageDeps,
  userId: string,
  after: PageCursor | null
): Promise<ProfilePosts | null> {
  try {
    return await deps.people.fetchProfilePosts(userId, { after })
  } catch (error) {
    console.error('Error fetching user posts', error)
    return null
  }
}
