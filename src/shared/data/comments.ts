// Comments on a post: read (newest or oldest first, keyset-paged, replies with their thread),
// write, reply and delete. The database keeps replies one level deep and comments_count exact;
// these functions check the body first so a bad one gets a clear message and no request.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Comment, CommentThread } from '../domain'
import { COMMENTS_PAGE_SIZE, MAX_COMMENT_LENGTH, MAX_REPLIES_PER_PAGE } from '../limits'
import { MESSAGES } from '../messages'
import { failed, failure, FAILURE_REASONS } from './failure'
import { checkRowId, isUniqueViolation, newRowId } from './idempotent'
import { withStorageUrls } from './storage-urls'
import {
  afterCursorFilter,
  boundedPageSize,
  toPage,
  type Page,
  type PageCursor,
  type PageOrder
} from './keyset'

export const COMMENT_SELECT =
  'id, post_id, user_id, parent_id, body, created_at, likes_count, hidden, profiles(username, full_name, avatar_url)'

/** The body as it will be stored (trimmed), or an Error saying what is wrong with it. */
export function checkCommentBody(body: string): string {
  const trimmed = body.trim()
  if (trimmed.length === 0) throw new Error(MESSAGES.commentEmpty)
  // The database counts characters (code points), not UTF-16 units: an emoji is one.
  if ([...trimmed].length > MAX_COMMENT_LENGTH) throw new Error(MESSAGES.commentTooLong)
  return trimmed
}

export interface NewComment {
  /** The comment's id; a retry of the same comment passes the same one. New when absent. */
  id?: string
  postId: string
  userId: string
  body: string
  /** The comment answered; a reply to a reply joins the top-level comment's thread. */
  parentId?: string | null
}

export const COMMENT_ID_TAKEN_MESSAGE = failed('addComment', { reason: FAILURE_REASONS.idTaken })

/**
 * Adds a comment under the id the caller chose (or a new one). Sending the same comment again
 * after a lost answer returns the comment the first attempt made, never a second one.
 */
export async function addComment(client: SupabaseClient, comment: NewComment): Promise<Comment> {
  const body = checkCommentBody(comment.body)
  const id = checkRowId(comment.id ?? newRowId())
  const { data, error } = await client
    .from('comments')
    .insert({
      id,
      post_id: comment.postId,
      user_id: comment.userId,
      parent_id: comment.parentId ?? null,
      body
    })
    .select(COMMENT_SELECT)
    .single()
  if (isUniqueViolation(error)) {
    // Only one's own comment on the same post counts as the earlier attempt.
    const existing = await client
      .from('comments')
      .select(COMMENT_SELECT)
      .eq('id', id)
      .eq('user_id', comment.userId)
      .eq('post_id', comment.postId)
      .maybeSingle()
    if (existing.error) throw failure('addComment', existing.error)
    if (!existing.data) throw new Error(COMMENT_ID_TAKEN_MESSAGE)
    return withStorageUrls(client, existing.data as unknown as Comment)
  }
  if (error || !data) throw failure('addComment', error)
  return withStorageUrls(client, data as unknown as Comment)
}

/**
 * Deletes a comment (and with it its replies). Allowed to its author and to the post's author;
 * anyone else, or a comment already gone, gets a clear message.
 */
export async function deleteComment(client: SupabaseClient, commentId: string): Promise<void> {
  const { data, error } = await client.from('comments').delete().eq('id', commentId).select('id')
  if (error) throw failure('deleteComment', error)
  if (!data || data.length === 0) {
    throw new Error(failed('deleteComment', { reason: FAILURE_REASONS.goneOrNotYours }))
  }
}

/** One comment with its author, or null when it is gone or the reader may not see it. */
export async function commentById(
  client: SupabaseClient,
  commentId: string
): Promise<Comment | null> {
  const { data, error } = await client
    .from('comments')
    .select(COMMENT_SELECT)
    .eq('id', commentId)
    .maybeSingle()
  if (error) throw failure('loadComment', error)
  return data ? withStorageUrls(client, data as unknown as Comment) : null
}

export interface CommentsPageOptions {
  order?: PageOrder
  after?: PageCursor | null
  limit?: number
}

const cursorOfComment = (comment: Comment): PageCursor => ({
  created_at: comment.created_at,
  id: comment.id
})

/**
 * A page of a post's top-level comments, each with its replies (oldest first, as a thread
 * reads). Replies come in one request for the whole page, bounded by MAX_REPLIES_PER_PAGE.
 */
export async function commentsPage(
  client: SupabaseClient,
  postId: string,
  options: CommentsPageOptions = {}
): Promise<Page<CommentThread>> {
  const order = options.order ?? 'newest'
  const limit = boundedPageSize(options.limit, COMMENTS_PAGE_SIZE)
  const ascending = order === 'oldest'
  let query = client
    .from('comments')
    .select(COMMENT_SELECT)
    .eq('post_id', postId)
    .is('parent_id', null)
  if (options.after) query = query.or(afterCursorFilter(options.after, order))
  const { data, error } = await query
    .order('created_at', { ascending })
    .order('id', { ascending })
    .limit(limit + 1)
  if (error) throw failure('loadComments', error)
  const page = toPage(
    withStorageUrls(client, (data ?? []) as unknown as Comment[]),
    limit,
    cursorOfComment
  )
  const replies = await repliesOf(
    client,
    page.items.map((comment) => comment.id)
  )
  return {
    next: page.next,
    items: page.items.map((comment) => ({
      ...comment,
      replies: replies.filter((reply) => reply.parent_id === comment.id)
    }))
  }
}

async function repliesOf(client: SupabaseClient, parentIds: string[]): Promise<Comment[]> {
  if (parentIds.length === 0) return []
  const { data, error } = await client
    .from('comments')
    .select(COMMENT_SELECT)
    .in('parent_id', parentIds)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .limit(MAX_REPLIES_PER_PAGE)
  if (error) throw failure('loadReplies', error)
  return withStorageUrls(client, (data ?? []) as unknown as Comment[])
}

/**
 * The latest `perPost` comments of each post (newest first), for cards that show the last two
 * under "View all N comments". One request for a whole feed page.
 */
export async function latestComments(
  client: SupabaseClient,
  postIds: string[],
  perPost = 2
): Promise<Map<string, Comment[]>> {
  const byPost = new Map<string, Comment[]>(postIds.map((id) => [id, []]))
  if (postIds.length === 0) return byPost
  const { data, error } = await client
    // GET: a read, run by the server in a read-only transaction.
    .rpc('latest_comments', { post_ids: postIds, per_post: perPost }, { get: true })
    .select(COMMENT_SELECT)
  if (error) throw failure('loadComments', error)
  for (const comment of withStorageUrls(client, (data ?? []) as unknown as Comment[])) {
    byPost.get(comment.post_id)?.push(comment)
  }
  return byPost
}
