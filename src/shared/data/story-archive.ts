// The story archive: every story one posted, live or expired, newest first. An expired story
// stays as a row that only its author may read (row-level security), with its photo and its
// viewers list; deleting one from the archive is deleteStory (stories.ts).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { LiveStory } from '../domain'
import { STORY_ARCHIVE_PAGE_SIZE } from '../limits'
import { failure } from './failure'
import { afterCursorFilter, boundedPageSize, toPage, type Page, type PageCursor } from './keyset'
import { withStorageUrls } from './storage-urls'
import { STORY_SELECT } from './stories'

/** A page of the signed-in author's own stories, newest first (`seen` is theirs: true). */
export async function archivedStoriesPage(
  client: SupabaseClient,
  userId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<LiveStory>> {
  const limit = boundedPageSize(options.limit, STORY_ARCHIVE_PAGE_SIZE)
  let query = client.from('stories').select(STORY_SELECT).eq('user_id', userId)
  if (options.after) query = query.or(afterCursorFilter(options.after, 'newest'))
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(limit + 1)
  if (error) throw failure('loadStoryArchive', error)
  const rows = withStorageUrls(client, (data ?? []) as Omit<LiveStory, 'seen'>[])
  const page = toPage(rows, limit, (story) => ({ created_at: story.created_at, id: story.id }))
  return { items: page.items.map((story) => ({ ...story, seen: true })), next: page.next }
}
