// People: who the signed-in user follows (optimistic, with rollback), anyone's profile page,
// suggestions, search and the followers/following lists. Data goes through the shared
// operations in src/shared/data (bound in services); follower counts shown anywhere come from
// one map, so a follow made in the side panel shows on the profile page too.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  Connection,
  ConnectionDirection,
  PersonSummary,
  Post,
  Profile,
  SuggestedPerson
} from '@shared/domain'
import { messageOr } from '@shared/errors'
import { CONNECTIONS_PAGE_SIZE, SEARCH_RESULT_COUNT } from '@shared/limits'
import type { ImageFile } from '@shared/bridge-contract'
import type { ProfileChanges } from '@shared/data/profiles'
import type { ProfileCounts } from '@shared/data/live-profiles'
import type { Services } from '../../services'
import { sendOrQueue, type ActionQueue } from '../../offline/outbox/outboxStore'
import { applyProfileCounts } from './profileCounts'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import type { PostsStore } from '../posts/postsStore'
import {
  loadingPage,
  readMoreOfGrid,
  readProfilePage,
  type ProfilePage,
  type ProfilePageDeps
} from './profilePage'

export type { PageStatus, ProfilePage, ProfileSnapshot } from './profilePage'

export interface ConnectionsList {
  /** `${profileId}/${direction}/${query}`: a new key starts a new list. */
  key: string
  rows: Connection[]
  hasMore: boolean
  loading: boolean
  error: string | null
}

export interface SearchResults {
  query: string
  status: 'idle' | 'loading' | 'ready' | 'failed'
  results: PersonSummary[]
}

export interface PeopleDeps {
  people: Services['people']
  /** Where the profile grid's posts live (the page holds their ids). */
  posts: PostsStore
  getUserId(): string | null
  /** Told after a follow or unfollow succeeded (the Following feed is then out of date). */
  onFollowChanged?(): void
  /** Where opened profiles are saved for offline use. */
  saved?: SavedAnswers
  /** Where a follow waits when the network is down; without it every follow is sent at once. */
  queue?: ActionQueue
}

export interface PeopleState {
  followedIds: ReadonlySet<string>
  pendingIds: ReadonlySet<string>
  /** The latest known followers_count per person (server answers and optimistic changes). */
  followerCounts: Readonly<Record<string, number>>
  /** Change in the signed-in user's following_count since their profile was read. */
  ownFollowingDelta: number
  page: ProfilePage | null
  suggestions: SuggestedPerson[]
  suggestionsStatus: 'idle' | 'loading' | 'ready' | 'failed'
  list: ConnectionsList | null
  /** The last follow or unfollow that failed, for the user to read. */
  followError: string | null
  search: SearchResults
  /** Searches people; a newer query's answer replaces an older one's, never the reverse. */
  searchPeople(query: string): Promise<void>
  loadProfile(username: string): Promise<void>
  /** Reads the next page of the shown profile's grid. */
  loadMorePosts(): Promise<void>
  loadSuggestions(limit: number): Promise<void>
  loadConnections(
    profileId: string,
    direction: ConnectionDirection,
    query: string,
    more?: boolean
  ): Promise<void>
  /** Learns which of these people the signed-in user follows, and their follower counts. */
  learn(people: PersonSummary[]): Promise<void>
  setFollowing(person: Pick<PersonSummary, 'id' | 'followers_count'>, on: boolean): Promise<void>
  /**
   * Saves the signed-in user's profile: the avatar first (when a new one was made), then the
   * fields. Returns the saved row; throws an Error a user can read.
   */
  saveProfile(changes: ProfileChanges, avatar: ImageFile | null): Promise<Profile>
  /** One's own new post: at the top of one's own profile page, if it is open. */
  postCreated(post: Post): void
  /** A post was deleted: it leaves the grid, and the count goes down. */
  postRemoved(postId: string): void
  /** Why the signed-in user cannot take `username` (format, or taken), or null. */
  usernameProblem(username: string): Promise<string | null>
  /** A person's counts changed on the server (someone followed or unfollowed them). */
  countsChanged(counts: ProfileCounts): void
  /** Re-reads the shown profile's counts (after a gap in the live updates), leaving the rest. */
  refreshCounts(): Promise<void>
  reset(): void
}

export type PeopleStore = StoreApi<PeopleState>

const withId = (ids: ReadonlySet<string>, id: string, on: boolean): Set<string> => {
  const next = new Set(ids)
  if (on) next.add(id)
  else next.delete(id)
  return next
}

const INITIAL = {
  followedIds: new Set<string>(),
  pendingIds: new Set<string>(),
  followerCounts: {},
  ownFollowingDelta: 0,
  page: null,
  suggestions: [],
  suggestionsStatus: 'idle' as const,
  list: null,
  followError: null,
  search: { query: '', status: 'idle' as const, results: [] }
}

export function createPeopleStore(deps: PeopleDeps): PeopleStore {
  return createStore<PeopleState>()((set, get) => {
    const counts = (people: Pick<PersonSummary, 'id' | 'followers_count'>[]) =>
      Object.fromEntries(people.map((person) => [person.id, person.followers_count]))
    const isShown = (username: string): boolean => get().page?.username === username
    /** Changes the page of `username`, if it is still the one shown. */
    const updatePage =
      (username: string) =>
      (change: (page: ProfilePage) => Partial<ProfilePage>): void =>
        set((state) =>
          state.page?.username === username
            ? { page: { ...state.page, ...change(state.page) } }
            : {}
        )
    const pageDeps: ProfilePageDeps = {
      people: deps.people,
      posts: deps.posts,
      saved: deps.saved,
      async onProfile(profile) {
        const followers = profile.followers_count ?? 0
        set((state) => ({
          followerCounts: { ...state.followerCounts, [profile.id]: followers },
          ownFollowingDelta: profile.id === deps.getUserId() ? 0 : state.ownFollowingDelta
        }))
        await get().learn([
          {
            id: profile.id,
            followers_count: followers,
            username: profile.username,
            full_name: null,
            avatar_url: null
          }
        ])
      }
    }

    return {
      ...INITIAL,

      async learn(people) {
        if (people.length === 0) return
        set((state) => ({ followerCounts: { ...counts(people), ...state.followerCounts } }))
        const userId = deps.getUserId()
        if (!userId) return
        try {
          const ids = people.map((person) => person.id)
          const followed = await deps.people.followedAmong(userId, ids)
          set((state) => {
            const next = new Set(state.followedIds)
            // Someone with a toggle in flight keeps the optimistic state.
            for (const id of ids) if (!state.pendingIds.has(id)) next.delete(id)
            for (const id of followed) if (!state.pendingIds.has(id)) next.add(id)
            return { followedIds: next }
          })
        } catch (error) {
          console.error('Error reading follows', error)
        }
      },

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

      async searchPeople(query) {
        const trimmed = query.trim()
        if (!trimmed) {
          set({ search: { query: '', status: 'idle', results: [] } })
          return
        }
        set((state) => ({ search: { ...state.search, query: trimmed, status: 'loading' } }))
        try {
          const results = await deps.people.searchPeople(trimmed, SEARCH_RESULT_COUNT)
          if (get().search.query === trimmed) {
            set({ search: { query: trimmed, status: 'ready', results } })
          }
        } catch (error) {
          console.error('Error searching people', error)
          if (get().search.query === trimmed) {
            set({ search: { query: trimmed, status: 'failed', results: [] } })
          }
        }
      },

      async loadSuggestions(limit) {
        set({ suggestionsStatus: 'loading' })
        try {
          const suggestions = await deps.people.fetchSuggestions(limit)
          set({ suggestions, suggestionsStatus: 'ready' })
          await get().learn(suggestions)
        } catch (error) {
          console.error('Error loading suggestions', error)
          set({ suggestionsStatus: 'failed' })
        }
      },

      async loadConnections(profileId, direction, query, more = false) {
        const key = `${profileId}/${direction}/${query.trim()}`
        const current = get().list
        if (more && (!current || current.key !== key || current.loading || !current.hasMore)) return
        const before = more && current ? current.rows[current.rows.length - 1] : undefined
        set({
          list: {
            key,
            rows: more && current ? current.rows : [],
            hasMore: false,
            loading: true,
            error: null
          }
        })
        try {
          const rows = await deps.people.fetchConnections({
            profileId,
            direction,
            query,
            before,
            limit: CONNECTIONS_PAGE_SIZE
          })
          if (get().list?.key !== key) return
          set((state) => ({
            list: {
              key,
              rows: [...(state.list?.rows ?? []), ...rows],
              hasMore: rows.length === CONNECTIONS_PAGE_SIZE,
              loading: false,
              error: null
            }
          }))
          await get().learn(rows)
        } catch (error) {
          if (get().list?.key !== key) return
          set((state) => ({
            list: { ...state.list!, loading: false, error: messageOr(error, 'unknown error') }
          }))
        }
      },

      async setFollowing(person, on) {
        const userId = deps.getUserId()
        if (!userId || get().pendingIds.has(person.id)) return
        const wasFollowing = get().followedIds.has(person.id)
        if (wasFollowing === on) return
        const previousCount = get().followerCounts[person.id] ?? person.followers_count
        const delta = on ? 1 : -1
        set((state) => ({
          pendingIds: withId(state.pendingIds, person.id, true),
          followError: null
        }))
        const apply = (): void =>
          set((state) => ({
            followedIds: withId(state.followedIds, person.id, on),
            followerCounts: {
              ...state.followerCounts,
              [person.id]: Math.max(0, previousCount + delta)
            },
            ownFollowingDelta: state.ownFollowingDelta + delta
          }))
        let applied = false
        try {
          const outcome = await sendOrQueue(
            deps.queue,
            { kind: 'follow', userId: person.id, following: on },
            () =>
              on ? deps.people.follow(userId, person.id) : deps.people.unfollow(userId, person.id),
            () => {
              applied = true
              apply()
            }
          )
          if (outcome.status === 'sent') {
            const count = outcome.result.followersCount
            set((state) => ({ followerCounts: { ...state.followerCounts, [person.id]: count } }))
          }
          deps.onFollowChanged?.()
        } catch (error) {
          set((state) => ({
            followedIds: withId(state.followedIds, person.id, wasFollowing),
            followerCounts: { ...state.followerCounts, [person.id]: previousCount },
            ownFollowingDelta: applied ? state.ownFollowingDelta - delta : state.ownFollowingDelta,
            followError: messageOr(error, 'unknown error')
          }))
        } finally {
          set((state) => ({ pendingIds: withId(state.pendingIds, person.id, false) }))
        }
      },

      async saveProfile(changes, avatar) {
        const userId = deps.getUserId()
        if (!userId) throw new Error('Sign in to edit your profile')
        let saved: Profile | null = null
        if (avatar) saved = await deps.people.uploadAvatar(userId, avatar.bytes, avatar.type)
        if (Object.keys(changes).length > 0) {
          saved = await deps.people.updateProfile(userId, changes)
        }
        if (!saved) throw new Error('Nothing to save')
        const profile = saved
        set((state) =>
          state.page?.profile?.id === profile.id
            ? {
                page: {
                  ...state.page,
                  username: profile.username,
                  profile: { ...state.page.profile, ...profile }
                }
              }
            : {}
        )
        return profile
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

      async usernameProblem(username) {
        const userId = deps.getUserId()
        if (!userId) return null
        return deps.people.usernameProblem(userId, username)
      },

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
      },

      reset() {
        set({ ...INITIAL, followedIds: new Set(), pendingIds: new Set(), followerCounts: {} })
      }
    }
  })
}
