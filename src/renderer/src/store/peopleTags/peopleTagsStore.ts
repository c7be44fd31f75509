// Who is tagged on each post's photos (docs/product.md, "People tags"), asked for in batches
// (batchedLookup.ts): every card that mounts in the same tick shares one request. The tagged
// person's Approve and Remove change the one copy here, so the card, the post view and the
// activity line follow. The people and hashtag searches that tagging and the caption's
// suggestions use go through here too.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { HashtagSuggestion, NewPeopleTag } from '@shared/data/people-tags'
import type { Page, PageCursor } from '@shared/data/keyset'
import type { PeopleTag, PersonSummary, Post } from '@shared/domain'
import type { Services } from '../../services'
import { batchedLookup } from '../batchedLookup'

const NO_TAGS: readonly PeopleTag[] = []

export interface PeopleTagsState {
  /** The tags the signed-in user may see, by post, in photo order; absent until asked. */
  byPost: ReadonlyMap<string, readonly PeopleTag[]>
  /** Asks for these posts' tags; calls in the same tick share one request. */
  watch(postIds: readonly string[]): void
  /** Reads a post's tags again (after they were added). */
  refresh(postId: string): void
  /** Tags people on the author's new post, all or none, then shows them. */
  add(postId: string, tags: readonly NewPeopleTag[]): Promise<void>
  /** The signed-in user approves their pending tag on a post. */
  approve(postId: string, userId: string): Promise<void>
  /** Removes `userId`'s tags from a post (the tagged person, or the author). */
  remove(postId: string, userId: string): Promise<void>
  /** People to tag or mention: the app's one people search (search_profiles). */
  searchPeople(query: string, limit: number): Promise<PersonSummary[]>
  /** Hashtags for the caption's suggestions, by prefix. */
  searchHashtags(prefix: string, limit: number): Promise<HashtagSuggestion[]>
  /** Settings › Privacy › "Manually approve tags" for the signed-in user. */
  setManualApproval(userId: string, on: boolean): Promise<void>
  /** A page of the posts `userId` is tagged in, put in the posts store; answers their ids. */
  taggedPage(userId: string, after: PageCursor | null): Promise<Page<string>>
}

export type PeopleTagsStore = StoreApi<PeopleTagsState>

/** A post's tags as the store knows them (an empty list while unknown). */
export function selectPostTags(postId: string): (state: PeopleTagsState) => readonly PeopleTag[] {
  return (state) => state.byPost.get(postId) ?? NO_TAGS
}

export function createPeopleTagsStore(deps: {
  peopleTags: Services['peopleTags']
  searchPeople: Services['people']['searchPeople']
  /** Where the Tagged tab's posts are kept, as every list's are. */
  putPosts(posts: Post[]): void
}): PeopleTagsStore {
  return createStore<PeopleTagsState>()((set, get) => {
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
      refresh: (postId) => batches.refresh([postId]),
      async add(postId, tags) {
        if (tags.length === 0) return
        await deps.peopleTags.add(postId, tags)
        batches.refresh([postId])
      },
      searchPeople: (query, limit) => deps.searchPeople(query, limit),
      searchHashtags: (prefix, limit) => deps.peopleTags.searchHashtags(prefix, limit),
      setManualApproval: (userId, on) => deps.peopleTags.setManualApproval(userId, on),
      async taggedPage(userId, after) {
        const page = await deps.peopleTags.taggedPosts(userId, { after })
        deps.putPosts(page.items)
        return { next: page.next, items: page.items.map((post) => post.id) }
      },
      async approve(postId, userId) {
        await deps.peopleTags.approve(postId, userId)
        update(postId, (tags) =>
          tags.map((tag) => (tag.user_id === userId ? { ...tag, status: 'approved' } : tag))
        )
      },
      async remove(postId, userId) {
        const before = get().byPost.get(postId)
        update(postId, (tags) => tags.filter((tag) => tag.user_id !== userId))
        try {
          await deps.peopleTags.remove(postId, userId)
        } catch (error) {
          if (before) set((state) => ({ byPost: new Map(state.byPost).set(postId, before) }))
          throw error
        }
      }
    }
  })
}
