// The open post: which post the post view shows (opened from the feed, a grid or a link), its
// comments, and the author's edits and deletion. Opened with openPost(id, siblings), so a route
// can open it with one call; ←/→ step through the siblings of the list it was opened from.

import type { SupabaseClient } from '@supabase/supabase-js'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Comment, CommentThread, Post, PostAuthor } from '@shared/domain'
import {
  addComment,
  checkCommentBody,
  commentsPage,
  deleteComment as deleteCommentRow
} from '@shared/data/comments'
import type { PageCursor, PageOrder } from '@shared/data/keyset'
import type { LikeState } from '@shared/data/likes'
import { deletePost, editPost, type PostEdit } from '@shared/data/post-edits'
import { postById } from '@shared/data/post-reads'
import { messageOr } from '@shared/errors'
import { withCurrentImageOrigin } from '@shared/data/storage-urls'
import { MESSAGES } from '@shared/messages'
import { isNetworkError } from '../../offline/connectivityStore'
import { cacheKeys, type SavedAnswers } from '../../offline/cache/savedAnswers'
import { newRowId } from '@shared/data/idempotent'
import { sendOrQueue, type ActionQueue } from '../../offline/outbox/outboxStore'
import { previewComment } from '../../offline/outbox/previews'
import { hasComment, withoutComment, withReply } from './threads'

/** What is saved of an opened post for offline use: the post and its first comments. */
export interface PostSnapshot {
  post: Post
  comments: CommentThread[]
}

export interface PostDeps {
  getClient(): Promise<SupabaseClient>
  getUserId(): string | null
  /** Told whenever the open post's row changed here, so lists showing it can follow. */
  onPostChanged(post: Post): void
  onPostDeleted(postId: string): void
  /** Where opened posts are saved for offline use. */
  saved?: SavedAnswers
  /** Where a comment waits when the network is down; without it comments are sent at once. */
  queue?: ActionQueue
  /** The signed-in user as a queued comment shows its author. */
  getAuthor?(): PostAuthor | null
  /** Likes from the post view; without them its Like button stays disabled. */
  likes?: PostLikes
}

export interface PostLikes {
  /** What a list showing the post already knows of its like, so no request is needed. */
  known(postId: string): boolean | undefined
  likedPostIds(userId: string, postIds: string[]): Promise<Set<string>>
  setLike(postId: string, liked: boolean): Promise<LikeState>
  /** Told when the open post was liked or unliked here, so lists showing it follow. */
  onLiked(postId: string, liked: boolean): void
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface PostState {
  openId: string | null
  /** Ids of the list the post was opened from, in its order (for ←/→). */
  siblings: string[]
  post: Post | null
  status: LoadStatus
  error: string | null
  comments: CommentThread[]
  commentsOrder: PageOrder
  commentsNext: PageCursor | null
  commentsStatus: LoadStatus
  /** The comment a reply is being written to. */
  replyTo: Comment | null
  /** The comment being written; kept when sending fails so nothing typed is lost. */
  draft: string
  /** Opened to comment (the card's Comment button, the c key): the comment field takes focus. */
  focusComment: boolean
  /** Opened from a card's options to edit or delete it: the view starts in that step. */
  intent: PostIntent | null
  /** Whether the signed-in user likes the open post; null while unknown or signed out. */
  liked: boolean | null
  /** A like or unlike of the open post is on its way. */
  liking: boolean
  sending: boolean
  /** The last write's failure (comment, edit, delete), shown next to what failed. */
  actionError: string | null
  openPost(postId: string, siblings?: string[], options?: OpenPostOptions): Promise<void>
  close(): void
  /** Opens the previous (-1) or next (1) post of the list it was opened from. */
  step(direction: -1 | 1): void
  setCommentsOrder(order: PageOrder): Promise<void>
  loadMoreComments(): Promise<void>
  /** Starts a reply, naming the person answered at the start of the draft as the network does. */
  setReplyTo(comment: Comment | null): void
  setDraft(draft: string): void
  /** Sends the draft as a comment (or as the reply being written); true when it was saved. */
  sendComment(): Promise<boolean>
  deleteComment(comment: Comment): Promise<void>
  /** Likes or unlikes the open post (optimistic, undone if the server refuses). */
  toggleLike(): Promise<void>
  edit(edit: PostEdit): Promise<boolean>
  /** Deletes the open post with its photos; true when it is gone. */
  deleteOpenPost(): Promise<boolean>
}

export type PostIntent = 'edit' | 'delete'

export interface OpenPostOptions {
  focusComment?: boolean
  intent?: PostIntent
}

export type PostStore = StoreApi<PostState>

const CLOSED = {
  openId: null,
  post: null,
  status: 'idle',
  error: null,
  comments: [],
  commentsNext: null,
  commentsStatus: 'idle',
  replyTo: null,
  draft: '',
  focusComment: false,
  intent: null,
  liked: null,
  liking: false,
  sending: false,
  actionError: null
} satisfies Partial<PostState>

export function createPostStore(deps: PostDeps): PostStore {
  return createStore<PostState>()((set, get) => {
    const isOpen = (postId: string): boolean => get().openId === postId

    async function loadComments(postId: string, after: PageCursor | null): Promise<void> {
      set({ commentsStatus: 'loading' })
      try {
        const client = await deps.getClient()
        const page = await commentsPage(client, postId, { order: get().commentsOrder, after })
        if (!isOpen(postId)) return
        set((state) => ({
          comments: after ? [...state.comments, ...page.items] : page.items,
          commentsNext: page.next,
          commentsStatus: 'ready'
        }))
      } catch (error) {
        if (isOpen(postId)) set({ commentsStatus: 'error', actionError: messageOr(error, '') })
      }
    }

    /** Keeps the open post's copy and every list showing it in step. */
    function changePost(post: Post): void {
      set({ post })
      deps.onPostChanged(post)
    }

    /** The open post's like as a list knows it, or as the server says. */
    async function learnLiked(postId: string): Promise<void> {
      const userId = deps.getUserId()
      if (!userId || !deps.likes) return
      const known = deps.likes.known(postId)
      if (known !== undefined) {
        set({ liked: known })
        return
      }
      try {
        const liked = (await deps.likes.likedPostIds(userId, [postId])).has(postId)
        if (isOpen(postId) && get().liked === null) set({ liked })
      } catch (error) {
        console.error('Error reading the like', error)
      }
    }

    /** The open post's like and count, here and in every list showing it. */
    function showLike(postId: string, liked: boolean, likesCount: (count: number) => number): void {
      const current = get().post
      if (isOpen(postId)) set({ liked })
      if (current?.id === postId)
        changePost({ ...current, likes_count: likesCount(current.likes_count) })
      deps.likes?.onLiked(postId, liked)
    }

    function bumpComments(delta: number): void {
      const { post } = get()
      if (post) changePost({ ...post, comments_count: Math.max(post.comments_count + delta, 0) })
    }

    return {
      ...CLOSED,
      siblings: [],
      commentsOrder: 'newest',

      async openPost(postId, siblings, options = {}) {
        set({
          ...CLOSED,
          openId: postId,
          status: 'loading',
          siblings: siblings ?? get().siblings,
          focusComment: options.focusComment ?? false,
          intent: options.intent ?? null
        })
        const key = cacheKeys.post(postId)
        const showSaved = (snapshot: PostSnapshot): void => {
          set({
            post: snapshot.post,
            status: 'ready',
            comments: snapshot.comments,
            commentsStatus: 'ready'
          })
          void learnLiked(postId)
        }
        // The saved copy shows until the backend answers (and instead of it, when it cannot).
        const cached = deps.saved?.read<PostSnapshot>(key) ?? Promise.resolve(null)
        void cached.then((snapshot) => {
          if (snapshot && isOpen(postId) && get().status === 'loading') showSaved(snapshot)
        })
        try {
          const client = await deps.getClient()
          const post = withCurrentImageOrigin(client, await postById(client, postId))
          if (!isOpen(postId)) return
          set({ post, status: 'ready' })
          void learnLiked(postId)
        } catch (error) {
          if (!isOpen(postId)) return
          const offline = isNetworkError(error)
          const snapshot = offline ? await cached : null
          if (!isOpen(postId)) return
          if (snapshot) showSaved(snapshot)
          else
            set({
              status: 'error',
              error: offline ? MESSAGES.notAvailableOffline : messageOr(error, 'Error')
            })
          return
        }
        await loadComments(postId, null)
        const { post, comments, commentsStatus } = get()
        if (isOpen(postId) && post && commentsStatus === 'ready') {
          deps.saved?.write(key, { post, comments } satisfies PostSnapshot)
        }
      },

      close: () => set({ ...CLOSED, siblings: [] }),

      async toggleLike() {
        const { post, liked, liking } = get()
        if (!post || liked === null || liking || !deps.getUserId() || !deps.likes) return
        const likes = deps.likes
        const next = !liked
        set({ liking: true })
        try {
          const outcome = await sendOrQueue(
            deps.queue,
            { kind: 'like', postId: post.id, liked: next },
            () => likes.setLike(post.id, next),
            () => showLike(post.id, next, (count) => Math.max(0, count + (next ? 1 : -1)))
          )
          // The server's counter also counts other people's likes made meanwhile.
          if (outcome.status === 'sent') {
            showLike(post.id, next, () => outcome.result.likes_count)
          }
        } catch (error) {
          console.error('Error toggling like', error)
          showLike(post.id, liked, (count) => Math.max(0, count + (next ? -1 : 1)))
        } finally {
          set({ liking: false })
        }
      },

      step(direction) {
        const { openId, siblings } = get()
        const at = openId ? siblings.indexOf(openId) : -1
        const next = at >= 0 ? siblings[at + direction] : undefined
        if (next) void get().openPost(next)
      },

      async setCommentsOrder(order) {
        const { openId } = get()
        set({ commentsOrder: order })
        if (openId) await loadComments(openId, null)
      },

      async loadMoreComments() {
        const { openId, commentsNext, commentsStatus } = get()
        if (openId && commentsNext && commentsStatus !== 'loading') {
          await loadComments(openId, commentsNext)
        }
      },

      setReplyTo(comment) {
        if (!comment) return set({ replyTo: null })
        const mention = `@${comment.profiles?.username ?? ''} `
        set((state) => ({
          replyTo: comment,
          draft: state.draft.startsWith(mention) ? state.draft : mention + state.draft
        }))
      },

      setDraft: (draft) => set({ draft }),

      async sendComment() {
        const { openId, replyTo, draft: body } = get()
        const userId = deps.getUserId()
        if (!openId || !userId || get().sending) return false
        set({ sending: true, actionError: null })
        try {
          // The id is chosen here, so a resend after a lost answer finds this comment.
          const action = {
            kind: 'comment' as const,
            id: newRowId(),
            postId: openId,
            body: checkCommentBody(body),
            parentId: replyTo?.id ?? null
          }
          const outcome = await sendOrQueue(deps.queue, action, async () =>
            addComment(await deps.getClient(), { ...action, userId })
          )
          const comment =
            outcome.status === 'sent'
              ? outcome.result
              : previewComment(action, userId, deps.getAuthor?.() ?? null, Date.now())
          if (!isOpen(openId)) return true
          set((state) => ({
            comments: hasComment(state.comments, comment.id)
              ? state.comments
              : withReply(state.comments, comment, state.commentsOrder),
            replyTo: null,
            draft: ''
          }))
          bumpComments(1)
          return true
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
          return false
        } finally {
          set({ sending: false })
        }
      },

      async deleteComment(comment) {
        set({ actionError: null })
        try {
          const client = await deps.getClient()
          await deleteCommentRow(client, comment.id)
          const { comments, removed } = withoutComment(get().comments, comment.id)
          set({ comments })
          bumpComments(-removed)
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
        }
      },

      async edit(edit) {
        const { post } = get()
        if (!post) return false
        set({ actionError: null })
        try {
          const client = await deps.getClient()
          const row = await editPost(client, post.id, edit)
          const altTexts = edit.altTexts
          changePost({
            ...post,
            caption: row.caption,
            alt_text: row.alt_text,
            edited_at: row.edited_at,
            post_images: post.post_images?.map((image) => ({
              ...image,
              alt_text: altTexts ? altTexts[image.position]?.trim() || null : image.alt_text
            }))
          })
          return true
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
          return false
        }
      },

      async deleteOpenPost() {
        const { post, siblings } = get()
        if (!post) return false
        set({ actionError: null })
        try {
          const client = await deps.getClient()
          await deletePost(client, post.id)
          deps.onPostDeleted(post.id)
          set({ ...CLOSED, siblings: siblings.filter((id) => id !== post.id) })
          return true
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
          return false
        }
      }
    }
  })
}
