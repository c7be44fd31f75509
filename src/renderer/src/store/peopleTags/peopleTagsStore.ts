// Who is tagged on each post's photos (docs/product.md, "People tags and caption suggestions"), asked for in batches
// (batchedLookup.ts): every card that mounts in the same tick shares one request. The tagged
// person's Approve and Remove change the one copy here, so the card, the post view and the
// activity line follow.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { NewPeopleTag } from '../../services/types'
import type { PeopleTag } from '@shared/domain'
import type { Services } from '../../services'
import { batchedLookup } from '../batchedLookup'

const NO_TAGS: readonly PeopleTag[] = []

export interface PeopleTagsState {
  /** The tags the signed-in user may see, by post, in photo order; absent until asked. */
  byPost: ReadonlyMap<string, readonly PeopleTag[]>
  /** Asks for these posts' tags; calls in the same tick share one request. */
  watch(postIds: readonly string[]): void
  /** Asks at once, with a page of a feed, so its cards ask nothing more. */
  prefetch(postIds: readonly string[]): Promise<void>
  /** These posts have no tags (one's brand-new post before any are added): nothing to ask. */
  markUntagged(postIds: readonly string[]): void
  /** Reads a post's tags again (after they were added). */
  refresh(postId: string): void
  /** Tags people on the author's new post, all or none, then shows them. */
  add(postId: string, tags: readonly NewPeopleTag[]): Promise<void>
  /** The signed-in user approves their pending tag on a post. */
  approve(postId: string, userId: string): Promise<void>
  /** Removes `userId`'s tags from a post (the tagged person, or the author). */
  remove(postId: string, userId: string): Promise<void>
  /** The calls that keep no state here: the Tagged tab, hashtag suggestions, the setting. */
  services: Services['peopleTags']
}

export type PeopleTagsStore = StoreApi<PeopleTagsState>

/** A post's tags as the store knows them (an empty list while unknown). */
export function selectPostTags(postId: string): (state: PeopleTagsState) => readonly PeopleTag[] {
  return (state) => state.byPost.get(postId) ?? NO_TAGS
}

export function createPeopleTagsStore(deps: {
  peopleTags: Services['peopleTags']
}): PeopleTagsStore {
  return createStore<PeopleTagsState>()((set) => {
    const batches = batchedLookup(
      async (ids) => {
        const found = await deps.peopleTags.fetch(ids)
        set((state) => {
          const byPost = new Map(state.byPost)
          for (const id of ids) byPost.set(id, found.get(id) ?? [])
          return { byPost }
        })
      },
      (error) => console.error('Error loading people tags', error)
    )
    const update = (postId: string, change: (tags: readonly PeopleTag[]) => PeopleTag[]): void =>
      set((state) => ({
        byPost: new Map(state.byPost).set(postId, change(state.byPost.get(postId) ?? []))
      }))

    return {
      byPost: new Map(),
      watch: (postIds) => batches.watch(postIds),
      prefetch: (postIds) => batches.prefetch(postIds),
      markUntagged(postIds) {
        batches.markKnown(postIds)
        set((state) => {
          const byPost = new Map(state.byPost)
          for (const id of postIds) byPost.set(id, [])
          return { byPost }
        })
      },
      refresh: (postId) => batches.refresh([postId]),
      async add(postId, tags) {
        if (tags.length === 0) return
        await deps.peopleTags.add(postId, tags)
        batches.refresh([postId])
      },
      services: deps.peopleTags,
      async approve(postId, userId) {
        await deps.peopleTags.approve(postId, userId)
        update(postId, (tags) =>
          tags.map((tag) => (tag.user_id === userId ? { ...tag, status: 'approved' } : tag))
        )
      },
      // Not optimistic: the tag goes once the database has taken it off.
      async remove(postId, userId) {
        await deps.peopleTags.remove(postId, userId)
        update(postId, (tags) => tags.filter((tag) => tag.user_id !== userId))
      }
    }
  })
}
