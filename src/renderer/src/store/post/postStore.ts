// The open post: which post the post view shows (opened from the feed, a grid or a link), its
// comments, and the author's edits and deletion. Opened with openPost(id, siblings), so a route
// can open it with one call; ←/→ step through the siblings of the list it was opened from. The
// post itself and its like live once in the posts store, so every list showing it follows.

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
import type { PostsStore } from '../posts/postsStore'
import { hasComment, withoutComment, withReply } from './threads'

/** What is saved of an opened post for offline use: the post and its first comments. */
export interface PostSnapshot {
  post: Post
  comments: CommentThread[]
}

export interface PostDeps {
  getClient(): Promise<SupabaseClient>
  getUserId(): string | null
  /** Where the open post and its like live. */
  posts: PostsStore
  /** Told whenever the open post's row changed here (its latest comments may have too). */
  onPostChanged(post: Post): void
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
  status: 'idle',
  error: null,
  comments: [],
  commentsNext: null,
  commentsStatus: 'idle',
  replyTo: null,
  draft: '',
  focusComment: false,
  intent: null,
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

    const openPostOf = (): Post | undefined => {
      const { openId } = get()
      return openId ? deps.posts.getState().byId[openId] : undefined
    }

    /** Changes the open post once, in the posts store: every list showing it follows. */
    function changePost(post: Post): void {
      deps.posts.getState().put([post])
      deps.onPostChanged(post)
    }

    /** Shows `post` as the open one, and learns its like unless a list already knows it. */
    function showPost(post: Post): void {
      deps.posts.getState().put([post])
      set({ status: 'ready' })
      if (deps.posts.getState().liked[post.id] === undefined) {
        void deps.posts.getState().learnLikes([post])
      }
    }

    /** Runs a comment write, moving the post's comment count once by what it changed. */
    async function changingComments(postId: string, write: () => Promise<number>): Promise<void> {
      const settle = deps.posts.getState().beginCommentChange(postId)
      let delta = 0
      try {
        delta = await write()
      } finally {
        settle(delta)
        const post = deps.posts.getState().byId[postId]
        if (delta !== 0 && post) deps.onPostChanged(post)
      }
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
          showPost(snapshot.post)
          set({ comments: snapshot.comments, commentsStatus: 'ready' })
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
          showPost(post)
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
        const { comments, commentsStatus } = get()
        const post = openPostOf()
        if (isOpen(postId) && post && commentsStatus === 'ready') {
          deps.saved?.write(key, { post, comments } satisfies PostSnapshot)
        }
      },

      close: () => set({ ...CLOSED, siblings: [] }),

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
          await changingComments(openId, async () => {
            const outcome = await sendOrQueue(deps.queue, action, async () =>
              addComment(await deps.getClient(), { ...action, userId })
            )
            const comment =
              outcome.status === 'sent'
                ? outcome.result
                : previewComment(action, userId, deps.getAuthor?.() ?? null, Date.now())
            if (isOpen(openId)) {
              set((state) => ({
                comments: hasComment(state.comments, comment.id)
                  ? state.comments
                  : withReply(state.comments, comment, state.commentsOrder),
                replyTo: null,
                draft: ''
              }))
            }
            return 1
          })
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
          await changingComments(comment.post_id, async () => {
            await deleteCommentRow(await deps.getClient(), comment.id)
            const { comments, removed } = withoutComment(get().comments, comment.id)
            set({ comments })
            return -removed
          })
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
        }
      },

      async edit(edit) {
        const post = openPostOf()
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
        const post = openPostOf()
        const { siblings } = get()
        if (!post) return false
        set({ actionError: null })
        try {
          const client = await deps.getClient()
          await deletePost(client, post.id)
          set({ ...CLOSED, siblings: siblings.filter((id) => id !== post.id) })
          // Every list showing it drops it.
          deps.posts.getState().remove(post.id)
          return true
        } catch (error) {
          set({ actionError: messageOr(error, 'Error') })
          return false
        }
      }
    }
  })
}
