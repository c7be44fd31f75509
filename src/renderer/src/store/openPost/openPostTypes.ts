// The open post store's shape and what its action modules share (openPostStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { Comment, CommentThread, Post, PostAuthor } from '@shared/domain'
import type { Services } from '../../services'
import type { PageCursor, PageOrder, PostEdit } from '../../services/types'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import type { ActionQueue } from '../../offline/outbox/outboxStore'
import type { PostsStore } from '../posts/postsStore'
import type { Text } from '../../i18n/phrase'

/** What is saved of an opened post for offline use: the post and its first comments. */
export interface PostSnapshot {
  post: Post
  comments: CommentThread[]
}

export interface PostDeps {
  /** Reading the open post, and its author's edit and delete. */
  postData: Pick<Services['posts'], 'byId' | 'edit' | 'remove'>
  comments: Services['comments']
  /** The open post's comments as they change (new, deleted, like counts). */
  postComments: Services['live']['postComments']
  getUserId(): string | null
  /** Where the open post and its like live. */
  posts: PostsStore
  /** Told whenever the open post's row changed here (its latest comments may have too). */
  onPostChanged(post: Post): void
  /** Told of a comment written on a card, so it shows there at once (even while queued). */
  onCommentAdded?(comment: Comment): void
  /** Where opened posts are saved for offline use. */
  saved?: SavedAnswers
  /** Where a comment waits when the network is down; without it comments are sent at once. */
  queue?: ActionQueue
  /** The signed-in user as a queued comment shows its author. */
  getAuthor?(): PostAuthor | null
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface PostState {
  openId: string | null
  /** Ids of the list the post was opened from, in its order (for ←/→). */
  siblings: string[]
  /** 'ready' once the open post is in the posts store (see selectOpenPost). */
  status: LoadStatus
  error: Text | null
  comments: CommentThread[]
  commentsOrder: PageOrder
  commentsNext: PageCursor | null
  commentsStatus: LoadStatus
  /** Which of the loaded comments the signed-in user likes. */
  likedCommentIds: ReadonlySet<string>
  /** Comments whose like or unlike is on its way. */
  likingCommentIds: ReadonlySet<string>
  /** The comment a reply is being written to. */
  replyTo: Comment | null
  /** Threads whose replies are shown; the others stay behind "View replies (n)". */
  shownReplies: ReadonlySet<string>
  /** The comment being written; kept when sending fails so nothing typed is lost. */
  draft: string
  /** Opened to comment (the card's Comment button, the c key): the comment field takes focus. */
  focusComment: boolean
  /** Opened from a card's options to edit or delete it: the view starts in that step. */
  intent: PostIntent | null
  sending: boolean
  /** The last write's failure (comment, edit, delete), shown next to what failed. */
  actionError: Text | null
  openPost(postId: string, siblings?: string[], options?: OpenPostOptions): Promise<void>
  close(): void
  setCommentsOrder(order: PageOrder): Promise<void>
  loadMoreComments(): Promise<void>
  /**
   * Starts a reply, naming the person answered at the start of the draft as the network does
   * (never oneself). It joins the comment's thread: a reply to a reply answers its thread.
   */
  setReplyTo(comment: Comment | null): void
  /** Shows or hides a thread's replies. */
  toggleReplies(threadId: string): void
  setDraft(draft: string): void
  /** Sends the draft as a comment (or as the reply being written); true when it was saved. */
  sendComment(): Promise<boolean>
  /**
   * Comments on any post without opening it (a feed card's "Add a comment…"): the same checks,
   * outbox and count as sendComment; resolves with the failure's message, or null when saved.
   */
  commentOn(postId: string, body: string): Promise<Text | null>
  deleteComment(comment: Comment): Promise<void>
  /** Likes or unlikes a loaded comment (optimistic, reconciled with the server's count). */
  likeComment(commentId: string, liked: boolean): Promise<void>
  /** A comment's like count changed on the server (live). */
  commentCounted(commentId: string, likesCount: number): void
  /**
   * Follows `postId`'s comments live (new ones and replies, deletions, like counts); returns the
   * function that stops.
   */
  followComments(postId: string): () => void
  /** A post was deleted (by its author, maybe elsewhere): the open one says it is gone. */
  postRemoved(postId: string): void
  edit(edit: PostEdit): Promise<boolean>
  /** Deletes the open post with its photos; true when it is gone. */
  deleteOpenPost(): Promise<boolean>
}

export type PostIntent = 'edit' | 'delete'

export interface OpenPostOptions {
  focusComment?: boolean
  intent?: PostIntent
  /** Opened from a card's comment preview to answer that comment (see setReplyTo). */
  replyTo?: Comment
}

export type PostStore = StoreApi<PostState>

export const CLOSED = {
  openId: null,
  status: 'idle',
  error: null,
  comments: [],
  commentsNext: null,
  commentsStatus: 'idle',
  likedCommentIds: new Set<string>(),
  likingCommentIds: new Set<string>(),
  replyTo: null,
  shownReplies: new Set<string>(),
  draft: '',
  focusComment: false,
  intent: null,
  sending: false,
  actionError: null
} satisfies Partial<PostState>

/** What the post store's action modules share. */
export interface PostContext {
  deps: PostDeps
  set: PostStore['setState']
  get: PostStore['getState']
  /** Whether `postId` is still the open post (an answer for another one is dropped). */
  isOpen(postId: string): boolean
  /** The open post as the posts store holds it. */
  openPostOf(): Post | undefined
}
