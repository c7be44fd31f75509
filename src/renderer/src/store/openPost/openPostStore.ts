// The open post: which post the post view shows (opened from the feed, a grid or a link), its
// comments, and the author's edits and deletion. Opened with openPost(id, siblings), so a route
// can open it with one call (navigation/postRoute.ts does, following the route); ←/→ step
// through the siblings of the list it was opened from. The post itself and its like live once
// in the posts store, so every list showing it follows.

import { createStore } from 'zustand/vanilla'
import type { Post } from '@shared/domain'
import { errorText, phrase } from '../../i18n/phrase'
import { MESSAGES } from '@shared/messages'
import { isNetworkError } from '../../offline/connectivityStore'
import { cacheKeys } from '../../offline/cache/savedAnswers'
import { commentReadingActions, commentWritingActions, loadComments } from './postComments'
import { authorActions } from './postEdits'
import { commentLikeActions } from './commentLikes'
import { liveCommentActions } from './liveComments'
import type { ReadMark } from '../posts/postEntities'
import {
  CLOSED,
  type PostContext,
  type PostDeps,
  type PostSnapshot,
  type PostState,
  type PostStore
} from './openPostTypes'

export type {
  LoadStatus,
  OpenPostOptions,
  PostDeps,
  PostIntent,
  PostSnapshot,
  PostState,
  PostStore
} from './openPostTypes'

/** The open post's route names a post that does not exist (or that the reader may not see). */
export const selectPostMissing = (state: PostState): boolean =>
  state.status === 'error' && state.error === MESSAGES.postNotFound

/**
 * Shows `post` as the open one, and learns its like unless a list already knows it. `mark` is the
 * read's (posts store readMark()), so an own like or comment settled meanwhile keeps its count.
 */
function showOpenPost(ctx: PostContext, post: Post, mark?: ReadMark): void {
  const posts = ctx.deps.posts.getState()
  posts.put([post], mark)
  ctx.set({ status: 'ready' })
  if (posts.liked[post.id] === undefined) void posts.learnLikes([post])
}

export function createPostStore(deps: PostDeps): PostStore {
  return createStore<PostState>()((set, get) => {
    const isOpen = (postId: string): boolean => get().openId === postId

    const openPostOf = (): Post | undefined => {
      const { openId } = get()
      return openId ? deps.posts.getState().byId[openId] : undefined
    }
    const ctx: PostContext = { deps, set, get, isOpen, openPostOf }

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
        if (options.replyTo) get().setReplyTo(options.replyTo)
        const key = cacheKeys.post(postId)
        const showSaved = (snapshot: PostSnapshot): void => {
          showOpenPost(ctx, snapshot.post)
          set({ comments: snapshot.comments, commentsStatus: 'ready' })
        }
        // The saved copy shows until the backend answers (and instead of it, when it cannot).
        const cached = deps.saved?.read<PostSnapshot>(key) ?? Promise.resolve(null)
        void cached.then((snapshot) => {
          if (snapshot && isOpen(postId) && get().status === 'loading') showSaved(snapshot)
        })
        const mark = deps.posts.getState().readMark()
        try {
          const post = await deps.postData.byId(postId)
          if (!isOpen(postId)) return
          showOpenPost(ctx, post, mark)
        } catch (error) {
          if (!isOpen(postId)) return
          const offline = isNetworkError(error)
          const snapshot = offline ? await cached : null
          if (!isOpen(postId)) return
          if (snapshot) showSaved(snapshot)
          else
            set({
              status: 'error',
              error: offline
                ? MESSAGES.notAvailableOffline
                : errorText(error, phrase('errors.unknown'))
            })
          return
        }
        await loadComments(ctx, postId, null)
        const { comments, commentsStatus } = get()
        const post = openPostOf()
        if (isOpen(postId) && post && commentsStatus === 'ready') {
          deps.saved?.write(key, { post, comments } satisfies PostSnapshot)
        }
      },

      close: () => set({ ...CLOSED, siblings: [] }),

      ...commentReadingActions(ctx),
      ...commentWritingActions(ctx),
      ...commentLikeActions(ctx),
      ...liveCommentActions(ctx),
      ...authorActions(ctx)
    }
  })
}
