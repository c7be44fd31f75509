// Highlights: named rows of one's stories (live or archived) under the bio. Who sees them, and
// which of their stories, is the database's (row-level security: the author's privacy, close
// friends, blocks); writes go through its rpcs, which check the name, the stories and the owner
// in one transaction. This names the calls and says their failures in words.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { LiveStory, StoryHighlight } from '../domain'
import { messageOr } from '../errors'
import { MAX_HIGHLIGHT_STORIES, MAX_HIGHLIGHT_TITLE_LENGTH } from '../limits'
import { failed, failure, FAILURE_REASONS } from './failure'
import { refused, REFUSED } from './refusal'
import { withStorageUrls } from './storage-urls'
import { STORY_SELECT } from './stories'

export const HIGHLIGHT_MESSAGES = {
  nameLength: refused('highlightName', { max: MAX_HIGHLIGHT_TITLE_LENGTH }),
  noStories: REFUSED.highlightNoStories,
  tooManyStories: refused('highlightTooManyStories', { max: MAX_HIGHLIGHT_STORIES })
} as const

export interface HighlightDraft {
  title: string
  storyIds: string[]
  /** One of storyIds; null lets the oldest story be the cover. */
  coverStoryId: string | null
}

/** What is wrong with a draft before it is sent (the database checks the same), or null. */
export function highlightDraftProblem(draft: HighlightDraft): string | null {
  const title = draft.title.trim()
  if (title.length < 1 || title.length > MAX_HIGHLIGHT_TITLE_LENGTH) {
    return HIGHLIGHT_MESSAGES.nameLength
  }
  if (draft.storyIds.length === 0) return HIGHLIGHT_MESSAGES.noStories
  if (draft.storyIds.length > MAX_HIGHLIGHT_STORIES) return HIGHLIGHT_MESSAGES.tooManyStories
  return null
}

/** The database's own words for a refused draft (they are the ones above), else `what: why`. */
function saveFailure(error: unknown): Error {
  const message = messageOr(error, '')
  const own = Object.values(HIGHLIGHT_MESSAGES) as string[]
  return own.includes(message) ? new Error(message) : failure('saveHighlight', error)
}

function checked(draft: HighlightDraft): HighlightDraft {
  const problem = highlightDraftProblem(draft)
  if (problem) throw new Error(problem)
  return { ...draft, title: draft.title.trim() }
}

/** A person's highlights the reader may see, in their order. */
export async function fetchHighlights(
  client: SupabaseClient,
  userId: string
): Promise<StoryHighlight[]> {
  const { data, error } = await client.rpc('profile_highlights', { person: userId }, { get: true })
  if (error) throw failure('loadHighlights', error)
  return withStorageUrls(client, (data ?? []) as StoryHighlight[])
}

/** A highlight's stories the reader may see, oldest first, as the viewer plays them. */
export async function fetchHighlightStories(
  client: SupabaseClient,
  highlightId: string
): Promise<LiveStory[]> {
  const { data, error } = await client
    .rpc('highlight_stories', { target: highlightId }, { get: true })
    .select(STORY_SELECT)
  if (error) throw failure('loadHighlights', error)
  const rows = withStorageUrls(client, (data ?? []) as unknown as Omit<LiveStory, 'seen'>[])
  // A highlight's stories are watched again and again: none is "new".
  return rows.map((story) => ({ ...story, seen: true }))
}

/** Makes a highlight of the signed-in user's stories; it comes first on their profile. */
export async function createHighlight(
  client: SupabaseClient,
  draft: HighlightDraft
): Promise<string> {
  const { title, storyIds, coverStoryId } = checked(draft)
  const { data, error } = await client
    .rpc('create_story_highlight', {
      title,
      story_ids: storyIds,
      cover_story_id: coverStoryId
    })
    .single()
  if (error || !data) throw saveFailure(error)
  return (data as { id: string }).id
}

/** Renames one's highlight and sets its stories and cover. */
export async function editHighlight(
  client: SupabaseClient,
  highlightId: string,
  draft: HighlightDraft
): Promise<void> {
  const { title, storyIds, coverStoryId } = checked(draft)
  const { error } = await client.rpc('edit_story_highlight', {
    target: highlightId,
    title,
    story_ids: storyIds,
    cover_story_id: coverStoryId
  })
  if (error) throw saveFailure(error)
}

/** Puts one's highlights in this order. */
export async function reorderHighlights(
  client: SupabaseClient,
  highlightIds: string[]
): Promise<void> {
  const { error } = await client.rpc('reorder_story_highlights', { highlight_ids: highlightIds })
  if (error) throw failure('reorderHighlights', error)
}

/** Deletes one's highlight (its stories stay, in the archive). */
export async function deleteHighlight(client: SupabaseClient, highlightId: string): Promise<void> {
  const { data, error } = await client
    .from('story_highlights')
    .delete()
    .eq('id', highlightId)
    .select('id')
  if (error) throw failure('deleteHighlight', error)
  if (!data || data.length === 0) {
    throw new Error(failed('deleteHighlight', { reason: FAILURE_REASONS.goneOrNotYours }))
  }
}
