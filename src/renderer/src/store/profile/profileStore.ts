// The profile view (docs/product.md, "Profile"): a profile, its posts and three counts.
// Failures are only logged; the grid shows as empty and counts fall back to 0.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Post, Profile, ProfileStats } from '@shared/domain'
import type { Services } from '../../services'

export type ProfileStatus = 'idle' | 'loading' | 'ready'

export const EMPTY_STATS: ProfileStats = { posts: 0, followers: 0, following: 0 }

export interface ProfileState {
  userId: string | null
  profile: Profile | null
  posts: Post[]
  stats: ProfileStats
  /** The posts grid and counts; the profile itself is loaded when `profile` is set. */
  status: ProfileStatus
  load(userId: string, knownProfile?: Profile | null): Promise<void>
  /** A post of this profile's owner was just created: add it to the grid and the count. */
  postCreated(post: Post): void
  clear(): void
}

export type ProfileStore = StoreApi<ProfileState>

export function createProfileStore(service: Services['profile']): ProfileStore {
  return createStore<ProfileState>()((set, get) => {
    const isCurrent = (userId: string): boolean => get().userId === userId

    async function loadProfile(userId: string): Promise<void> {
      const profile = await service.fetchProfile(userId)
      if (isCurrent(userId) && profile) set({ profile })
    }

    async function loadPosts(userId: string): Promise<Post[]> {
      try {
        return await service.fetchPosts(userId)
      } catch (error) {
        console.error('Error fetching user posts', error)
        return []
      }
    }

    async function loadStats(userId: string): Promise<ProfileStats> {
      try {
        return await service.fetchStats(userId)
      } catch (error) {
        console.error('Error fetching user stats', error)
        return EMPTY_STATS
      }
    }

    return {
      userId: null,
      profile: null,
      posts: [],
      stats: EMPTY_STATS,
      status: 'idle',
      async load(userId, knownProfile = null) {
        const sameUser = get().userId === userId
        set({
          userId,
          profile: knownProfile ?? (sameUser ? get().profile : null),
          status: 'loading',
          ...(sameUser ? {} : { posts: [], stats: EMPTY_STATS })
        })
        const [posts, stats] = await Promise.all([
          loadPosts(userId),
          loadStats(userId),
          // Always re-read: the session's copy may predate an edit or be missing.
          loadProfile(userId)
        ])
        if (isCurrent(userId)) set({ posts, stats, status: 'ready' })
      },
      postCreated(post) {
        const state = get()
        if (state.userId !== post.user_id || state.posts.some((held) => held.id === post.id)) {
          return
        }
        set({
          posts: [post, ...state.posts],
          stats: { ...state.stats, posts: state.stats.posts + 1 }
        })
      },
      clear() {
        set({ userId: null, profile: null, posts: [], stats: EMPTY_STATS, status: 'idle' })
      }
    }
  })
}
