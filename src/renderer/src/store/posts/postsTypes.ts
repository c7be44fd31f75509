// The posts store's shape and what its action modules share (postsStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { Post } from '@shared/domain'
import type { PostCounts } from '../../services/types'
import type { Services } from '../../services'
import type { ActionQueue } from '../../offline/outbox/outboxStore'
import type { PostEntities, ReadMark } from './postEntities'

export interface PostsDeps {
  likes: Services['likes']
  /** Reads a post's counts again when a live count was missed during the user's own change. */
  posts: Pick<Services['posts'], 'counts'>
  /** Read at call time, so a like always acts as whoever is signed in now. */
  getUserId(): string | null
  /** Where a like waits when the network is down; without it every like is sent at once. */
  queue?: ActionQueue
}

export type PostAuthorChange = Pick<Post, 'user_id'> & NonNullable<Post['profiles']>

export interface PostsState extends PostEntities {
  /**
   * Takes posts read from the server (a page, a post opened, a sent post's row); with the read's
   * `mark` (readMark() when it was sent), counts of the user's own changes settled since stay.
   */
  put(posts: readonly Post[], mark?: ReadMark): void
  /** The mark to give put/countersChanged for a read sent now (own changes and live counts). */
  readMark(): ReadMark
  /** Reads the signed-in user's likes of these posts in one query (errors only cost hearts). */
  learnLikes(posts: readonly Post[]): Promise<void>
  /**
   * What a list knows of the liked state (a saved copy, a queued like) without asking; with a
   * `mark` (SAVED_COPY for a saved copy), a liked state already known is kept when it may be newer.
   */
  setLiked(postIds: readonly string[], likedIds: ReadonlySet<string>, mark?: ReadMark): void
  /** Changes one post (an edit, a comment count); a no-op for a post not held. */
  patch(postId: string, change: (post: Post) => Post): void
  /** A post is gone: every list drops it. */
  remove(postId: string): void
  onRemoved(listener: (postId: string) => void): () => void
  /**
   * A post's counts: a live event's (no `mark`; it takes one) or a read's sent at `mark`. A count
   * of the user's own change in flight waits for that change's answer; if it differed, the
   * counts are read again when the change settles.
   */
  countersChanged(row: PostCounts, mark?: ReadMark): void
  /** A person changed their name or avatar: every post of theirs shows the new ones. */
  authorChanged(author: PostAuthorChange): void
  /** The ids `owner` (a list) holds now; posts no owner holds are dropped. */
  hold(owner: string, ids: readonly string[]): void
  /**
   * Likes or unlikes: optimistic, ignored while that post's like is in flight, while its state
   * is unknown or when signed out; queued offline; reconciled with the server's count; undone
   * when refused.
   */
  toggleLike(postId: string): Promise<void>
  /** Another user signed in: likes are theirs to learn. */
  forgetLikes(): void
  /**
   * A comment (or a deletion) of the user's is on its way to `postId`: returns the function to
   * call when it settles, with how the count changed (0 when it failed).
   */
  beginCommentChange(postId: string): (delta: number) => void
}

export type PostsStore = StoreApi<PostsState>

/** What the posts store's action modules share. */
export interface PostsContext {
  deps: PostsDeps
  set: PostsStore['setState']
  get: PostsStore['getState']
}
