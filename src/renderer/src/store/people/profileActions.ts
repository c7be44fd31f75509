// The profile page shown (anyone's): reading it and its grid (profilePage.ts), one's own new or
// deleted posts in its grid, and its counts as they change on the server.

import { placeInGrid } from './gridPlacement'
import { applyProfileCounts } from './profileCounts'
import {
  loadingPage,
  readMoreOfGrid,
  readProfilePage,
  type ProfilePage,
  type ProfilePageDeps
} from './profilePage'
import type { GetPeople, PeopleDeps, PeopleState, SetPeople } from './peopleTypes'

type ProfileActions = Pick<
  PeopleState,
  'loadProfile' | 'loadMorePosts' | 'postCreated' | 'postRemoved' | 'postCurated'
>

export function profileActions(deps: PeopleDeps, set: SetPeople, get: GetPeople): ProfileActions {
  const isShown = (username: string): boolean => get().page?.username === username
  /** Changes the page of `username`, if it is still the one shown. */
  const updatePage =
    (username: string) =>
    (change: (page: ProfilePage) => Partial<ProfilePage>): void =>
      set((state) =>
        state.page?.username === username ? { page: { ...state.page, ...change(state.page) } } : {}
      )
  const pageDeps: ProfilePageDeps = {
    people: deps.people,
    posts: deps.posts,
    saved: deps.saved,
    isOwn: (username) => username === deps.getOwnUsername?.(),
    async onProfile(profile) {
      const followers = profile.followers_count ?? 0
      get().put([profile])
      set((state) => ({
        followerCounts: { ...state.followerCounts, [profile.id]: followers },
        ownFollowingDelta: profile.id === deps.getUserId() ? 0 : state.ownFollowingDelta
      }))
      await get().learn([{ id: profile.id, followers_count: followers }])
    }
  }

  return {
    async loadProfile(username) {
      set({ page: loadingPage(username) })
      await readProfilePage(
        pageDeps,
        username,
        () => isShown(username),
        updatePage(username),
        () => get().page?.status
      )
    },

    async loadMorePosts() {
      const page = get().page
      if (!page) return
      const { username } = page
      await readMoreOfGrid(pageDeps, page, () => isShown(username), updatePage(username))
    },

    postCreated(post) {
      const page = get().page
      if (page?.profile?.id !== post.user_id || page.ids.includes(post.id)) return
      deps.posts.getState().put([post])
      set({ page: { ...page, ids: [post.id, ...page.ids], postsTotal: page.postsTotal + 1 } })
    },

    postRemoved(postId) {
      const page = get().page
      if (!page?.ids.includes(postId)) return
      set({
        page: {
          ...page,
          ids: page.ids.filter((id) => id !== postId),
          postsTotal: Math.max(page.postsTotal - 1, 0)
        }
      })
    },

    postCurated(post, countChange) {
      const page = get().page
      if (page?.profile?.id !== post.user_id || page.status !== 'ready') return
      const ids = placeInGrid(page.ids, post, deps.posts.getState().byId, page.next !== null)
      set({
        page: { ...page, ids, postsTotal: Math.max(page.postsTotal + countChange, 0) }
      })
    }
  }
}

/** The shown profile's counts as they change on the server, and read again after a gap. */
export function profileCountsActions(
  deps: PeopleDeps,
  set: SetPeople,
  get: GetPeople
): Pick<PeopleState, 'countsChanged' | 'refreshCounts'> {
  return {
    countsChanged(counts) {
      set((state) => applyProfileCounts(state, counts, deps.getUserId()))
    },

    async refreshCounts() {
      const username = get().page?.profile?.username
      if (!username) return
      try {
        const profile = await deps.people.fetchProfileByUsername(username)
        if (!profile) return
        get().countsChanged({
          id: profile.id,
          followers_count: profile.followers_count ?? 0,
          following_count: profile.following_count ?? 0
        })
      } catch (error) {
        console.error('Error reading the profile counts', error)
      }
    }
  }
}
