// What a person does to a post, wherever it shows (a feed card, the post view, a grid, the
// keyboard's keys on the focused card): one operation per behaviour, over the stores. A visitor
// is asked to sign in by every action they cannot take (docs/product.md).

import { MESSAGES } from '@shared/messages'
import { showPost } from '../../navigation/postRoute'
import { shareablePostLink } from '../../platform/links'
import type { CommentPreviewStore } from '../commentPreviews/commentPreviewStore'
import type { OpenPostOptions, PostStore } from '../openPost/openPostStore'
import type { PeopleTagsStore } from '../peopleTags/peopleTagsStore'
import type { PostsStore } from '../posts/postsStore'
import type { RouterStore } from '../router/routerStore'
import type { SavedStore } from '../saved/savedStore'
import { selectIsSignedIn, type SessionStore } from '../session/sessionStore'
import type { ToastStore } from '../toast/toastStore'
import type { UiStore } from '../ui/uiStore'
import { phrase } from '../../i18n/phrase'

export interface PostActions {
  /** Likes or unlikes (optimistic, one operation in the posts store). */
  toggleLike(postId: string): void
  /**
   * A double-click (or double tap) on the photo likes and never unlikes, as on the network.
   * False when a visitor was asked to sign in instead (no heart bursts then).
   */
  likeFromPhoto(postId: string): boolean
  /** Saves or unsaves (optimistic, queued offline). */
  toggleSave(postId: string): void
  /** Opens the post over the page, with the list it is in for ←/→. */
  open(postId: string, siblings?: readonly string[], options?: OpenPostOptions): void
  /** Puts the post's shareable link on the clipboard and says so (or that it could not). */
  copyLink(postId: string): Promise<void>
  /**
   * A post on screen asks for what its page's read did not bring: its latest comments, the
   * signed-in user's saved state and its people tags (each asked once, in batches).
   */
  watch(postId: string, commentsCount: number): void
}

export interface PostActionStores {
  session: SessionStore
  ui: UiStore
  posts: PostsStore
  saved: SavedStore
  post: PostStore
  router: RouterStore
  toast: ToastStore
  commentPreviews: CommentPreviewStore
  peopleTags: PeopleTagsStore
}

export function createPostActions(stores: PostActionStores): PostActions {
  const { session, ui, posts, saved, toast } = stores
  const signedIn = (): boolean => selectIsSignedIn(session.getState())
  return {
    toggleLike(postId) {
      if (signedIn()) void posts.getState().toggleLike(postId)
      else ui.getState().openAuth('signin')
    },
    likeFromPhoto(postId) {
      if (!signedIn()) {
        ui.getState().openAuth('signin')
        return false
      }
      if (posts.getState().liked[postId] === false) void posts.getState().toggleLike(postId)
      return true
    },
    toggleSave(postId) {
      if (signedIn()) void saved.getState().toggle(postId)
      else ui.getState().openAuth('signin')
    },
    open(postId, siblings, options) {
      showPost(stores, postId, siblings, options)
    },
    async copyLink(postId) {
      try {
        await navigator.clipboard.writeText(shareablePostLink(postId))
        toast.getState().show(MESSAGES.linkCopied)
      } catch {
        toast.getState().show(phrase('toasts.copyFailed'))
      }
    },
    watch(postId, commentsCount) {
      stores.commentPreviews.getState().watch([{ id: postId, comments_count: commentsCount }])
      if (signedIn()) saved.getState().watch([postId])
      stores.peopleTags.getState().watch([postId])
    }
  }
}
