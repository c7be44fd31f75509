// The strip: reading it, and keeping it current when one's own story is posted or deleted
// (no re-read), with the viewer (and the archive and highlights) following a deletion.

import type { StoryStripEntry } from '@shared/domain'
import { MESSAGES } from '@shared/messages'
import type { StoriesContext, StoriesState } from './storiesTypes'

/** The database's order: the reader first, then unseen, then seen, newest first in each. */
export function sortStrip(strip: StoryStripEntry[], me: string | null): StoryStripEntry[] {
  return [...strip].sort(
    (a, b) =>
      Number(b.user_id === me) - Number(a.user_id === me) ||
      Number(b.has_unseen) - Number(a.has_unseen) ||
      b.latest_at.localeCompare(a.latest_at)
  )
}

export function stripActions({
  deps,
  get,
  set
}: StoriesContext): Pick<StoriesState, 'loadStrip' | 'postStory' | 'deleteStory'> {
  return {
    async loadStrip() {
      try {
        const strip = await deps.stories.fetchStrip()
        // Real stories replace the samples in the strip, and so in a viewer open on them.
        const samplesOpen = get().viewer?.source === 'samples' && strip.length > 0
        set({ strip, stripLoaded: true, ...(samplesOpen && { viewer: null }) })
      } catch (error) {
        console.error('Error fetching stories', error)
        set({ stripLoaded: true })
      }
    },
    async postStory({ image, renditions, video, text, closeFriendsOnly, ...events }) {
      if (!renditions) throw new Error(MESSAGES.storyNeedsProcessing)
      const story = await deps.stories.post({
        userId: deps.getUserId(),
        bytes: image.bytes,
        declaredType: image.type,
        video: video && {
          bytes: video.bytes,
          declaredType: video.type,
          durationMs: video.durationMs
        },
        text,
        closeFriendsOnly,
        ...events,
        renditions: {
          thumbnailBytes: renditions.thumbnail.bytes,
          thumbnailType: renditions.thumbnail.type,
          width: renditions.width,
          height: renditions.height,
          placeholder: renditions.placeholder
        }
      })
      const own = get().strip.find((entry) => entry.user_id === story.user_id)
      const entry: StoryStripEntry = {
        user_id: story.user_id,
        username: story.profiles?.username ?? own?.username ?? '',
        full_name: story.profiles?.full_name ?? own?.full_name ?? null,
        avatar_url: story.profiles?.avatar_url ?? own?.avatar_url ?? null,
        has_unseen: true,
        story_count: (own?.story_count ?? 0) + 1,
        latest_at: story.created_at,
        close_friends: Boolean(own?.close_friends) || story.close_friends_only === true
      }
      const others = get().strip.filter((held) => held.user_id !== story.user_id)
      set({ strip: [entry, ...others], stripLoaded: true })
      return story
    },
    async deleteStory(story) {
      await deps.stories.remove(story)
      deps.onStoryDeleted?.(story)
      const viewer = get().viewer
      const strip = get().strip
      const own = strip.find((entry) => entry.user_id === story.user_id)
      const remaining = (own?.story_count ?? 1) - 1
      // An expired story (from the archive or a highlight) was not in the strip's count.
      const live = !story.expires_at || Date.parse(story.expires_at) > Date.now()
      if (live) {
        set({
          strip:
            remaining > 0
              ? strip.map((entry) => (entry === own ? { ...entry, story_count: remaining } : entry))
              : strip.filter((entry) => entry !== own)
        })
      }
      if (!viewer) return
      const stories = viewer.stories.filter((held) => held.id !== story.id)
      if (stories.length === 0) {
        set({ viewer: null })
        return
      }
      set({ viewer: { ...viewer, stories, index: Math.min(viewer.index, stories.length - 1) } })
    }
  }
}
