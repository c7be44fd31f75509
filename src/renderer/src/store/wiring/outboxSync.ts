// Connects the outbox to the app's stores: it follows the signed-in user, puts what is queued
// back into the lists after a reload (a queued post at the top of the feed and of one's own
// grid, a queued comment in its post, a queued like or save as the state shown), swaps each
// sent action's optimistic copy for the server's row, and undoes one that will never be sent.

import type { Comment, Post, PostAuthor } from '@shared/domain'
import type { FeedStore } from '../feed/feedStore'
import type { PeopleStore } from '../people/peopleStore'
import type { PostsStore } from '../posts/postsStore'
import { applyLike } from '../posts/postEntities'
import type { PostStore } from '../openPost/openPostStore'
import type { SavedStore } from '../saved/savedStore'
import { selectAuthor, selectUserId, type SessionStore } from '../session/sessionStore'
import { hasComment, withoutComment, withReply } from '../openPost/threads'
import type { OutboxAction, OutboxItem } from '../../offline/outbox/actions'
import type { OutboxStore } from '../../offline/outbox/outboxStore'
import { forgetPreview, previewComment, previewPost } from '../../offline/outbox/previews'

export interface OutboxTargets {
  session: SessionStore
  /** Where a queued post's preview, a sent post's row and queued likes are shown. */
  posts: PostsStore
  feed: FeedStore
  people: PeopleStore
  post: PostStore
  saved: SavedStore
}

const authorOf = (session: SessionStore): PostAuthor | null => selectAuthor(session.getState())

/** The previews of queued posts, newest first (as the top of a feed lists them). */
function queuedPosts(items: readonly OutboxItem[], session: SessionStore): Post[] {
  const author = authorOf(session)
  return items
    .flatMap((item) =>
      item.action.kind === 'post'
        ? [previewPost(item.action.input, item.userId, author, item.queuedAt)]
        : []
    )
    .reverse()
}

/** `ids` with the queued previews it lacks put on top; the same array when none lacks. */
function withQueued(ids: string[], queued: Post[]): string[] {
  const missing = queued.filter((preview) => !ids.includes(preview.id))
  return missing.length === 0 ? ids : [...missing.map((post) => post.id), ...ids]
}

/** The liked (or saved) ids with the queued likes (saves) applied over the server's answer. */
function settingOverlay(items: readonly OutboxItem[], kind: 'like' | 'save'): Map<string, boolean> {
  const latest = new Map<string, boolean>()
  for (const { action } of items) {
    if (action.kind === 'like' && kind === 'like') latest.set(action.postId, action.liked)
    if (action.kind === 'save' && kind === 'save') latest.set(action.postId, action.saved)
  }
  return latest
}

/** Applies the queued actions to the lists once they are loaded (after a reload, a refresh). */
function syncLists(outbox: OutboxStore, targets: OutboxTargets): void {
  const { items, userId } = outbox.getState()
  if (!userId) return
  const queued = queuedPosts(items, targets.session)

  const missing = queued.filter((preview) => !(preview.id in targets.posts.getState().byId))
  if (missing.length > 0) targets.posts.getState().put(missing)

  const feed = targets.feed.getState()
  if (feed.status === 'ready' && feed.trimmedAbove === 0) {
    const ids = withQueued(feed.ids, queued)
    if (ids !== feed.ids) targets.feed.setState({ ids })
  }

  // A queued like shows on every post it is about, wherever that post is shown.
  for (const [postId, liked] of settingOverlay(items, 'like')) {
    const posts = targets.posts.getState()
    if (postId in posts.byId && posts.liked[postId] !== liked) {
      targets.posts.setState((state) => applyLike(state, postId, liked))
    }
  }

  const page = targets.people.getState().page
  if (page?.status === 'ready' && page.profile?.id === userId) {
    const ids = withQueued(page.ids, queued)
    if (ids !== page.ids) {
      targets.people.setState({
        page: { ...page, ids, postsTotal: page.postsTotal + ids.length - page.ids.length }
      })
    }
  }

  const saved = targets.saved.getState()
  const saves = settingOverlay(items, 'save')
  if ([...saves].some(([id, on]) => saved.savedIds.has(id) !== on)) {
    const savedIds = new Set(saved.savedIds)
    for (const [id, on] of saves) {
      if (on) savedIds.add(id)
      else savedIds.delete(id)
    }
    targets.saved.setState({ savedIds })
  }

  const open = targets.post.getState()
  if (open.openId && open.commentsStatus === 'ready') {
    const author = authorOf(targets.session)
    let comments = open.comments
    for (const item of items) {
      const { action } = item
      if (action.kind !== 'comment' || action.postId !== open.openId) continue
      if (hasComment(comments, action.id)) continue
      const comment = previewComment(action, item.userId, author, item.queuedAt)
      comments = withReply(comments, comment, open.commentsOrder)
    }
    if (comments !== open.comments) targets.post.setState({ comments })
  }
}

/** The server's answer for a sent action takes the optimistic copy's place. */
function settle(action: OutboxAction, result: unknown, targets: OutboxTargets): void {
  if (action.kind === 'post') {
    targets.posts.getState().put([result as Post])
    forgetPreview(action.input.id)
  } else if (action.kind === 'comment') {
    const comment = result as Comment
    targets.post.setState((state) => ({
      comments: state.comments.map((thread) =>
        thread.id === comment.id
          ? { ...thread, ...comment }
          : {
              ...thread,
              replies: thread.replies.map((reply) => (reply.id === comment.id ? comment : reply))
            }
      )
    }))
  }
}

/** A queued action that will never be sent: its optimistic copy goes. */
function undo(action: OutboxAction, targets: OutboxTargets): void {
  if (action.kind === 'like') {
    targets.posts.setState((state) => applyLike(state, action.postId, !action.liked))
  } else if (action.kind === 'save') {
    targets.saved.setState((state) => {
      const savedIds = new Set(state.savedIds)
      if (action.saved) savedIds.delete(action.postId)
      else savedIds.add(action.postId)
      return { savedIds }
    })
  } else if (action.kind === 'follow') {
    targets.people.setState((state) => {
      const followedIds = new Set(state.followedIds)
      if (action.following) followedIds.delete(action.userId)
      else followedIds.add(action.userId)
      return { followedIds }
    })
  } else if (action.kind === 'post') {
    targets.posts.getState().remove(action.input.id)
    forgetPreview(action.input.id)
  } else if (action.kind === 'comment') {
    targets.post.setState((state) => ({
      comments: withoutComment(state.comments, action.id).comments
    }))
  }
}

export interface OutboxEvents {
  onSent(action: OutboxAction, result: unknown): void
  onDropped(action: OutboxAction): void
}

/** The outbox's callbacks, for stores created before the outbox exists. */
export function outboxEvents(targets: () => OutboxTargets): OutboxEvents {
  return {
    onSent: (action, result) => settle(action, result, targets()),
    onDropped: (action) => undo(action, targets())
  }
}

/** Starts the outbox for whoever is signed in and keeps the lists in step with it. */
export function wireOutbox(outbox: OutboxStore, targets: OutboxTargets): () => void {
  const userIdOf = (): string | null => selectUserId(targets.session.getState())
  let userId = userIdOf()
  void outbox.getState().start(userId)
  const stops = [
    targets.session.subscribe(() => {
      if (userIdOf() === userId) return
      userId = userIdOf()
      void outbox.getState().start(userId)
    }),
    ...[outbox, targets.posts, targets.feed, targets.people, targets.post, targets.saved].map(
      (store) =>
        (store as { subscribe(listener: () => void): () => void }).subscribe(() =>
          syncLists(outbox, targets)
        )
    )
  ]
  return () => stops.forEach((stop) => stop())
}
