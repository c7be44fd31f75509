// People as the renderer calls them: following, profiles, search, one's own profile edits, the
// people tagged on photos and hashtag suggestions, stories, their archive and highlights.

import {
  fetchConnections,
  fetchSuggestions,
  follow,
  followedAmong,
  followersAmong,
  unfollow
} from '@shared/data/follows'
import { fetchProfileByUsername, fetchProfilePosts, searchPeople } from '@shared/data/profiles'
import {
  deleteStory,
  fetchStoryStrip,
  fetchStoryViewers,
  fetchUserStories,
  markStorySeen,
  postStory
} from '@shared/data/stories'
import { archivedStoriesPage } from '@shared/data/story-archive'
import {
  createHighlight,
  deleteHighlight,
  editHighlight,
  fetchHighlights,
  fetchHighlightStories,
  reorderHighlights
} from '@shared/data/story-highlights'
import type { Bind } from './binding'
import { later } from './lazy'

// Editing one's profile loads with its first use (the edit form), and people tags with the
// first card that asks for its tags: the start parses neither.
const profileEdits = (): Promise<typeof import('@shared/data/profile-edits')> =>
  import('@shared/data/profile-edits')
const peopleTags = (): Promise<typeof import('@shared/data/people-tags')> =>
  import('@shared/data/people-tags')

export function createPeopleServices(bind: Bind) {
  return {
    people: {
      follow: bind(follow),
      unfollow: bind(unfollow),
      followedAmong: bind(followedAmong),
      followersAmong: bind(followersAmong),
      fetchConnections: bind(fetchConnections),
      fetchSuggestions: bind(fetchSuggestions),
      fetchProfileByUsername: bind(fetchProfileByUsername),
      fetchProfilePosts: bind(fetchProfilePosts),
      searchPeople: bind(searchPeople),
      updateProfile: bind(later(profileEdits, 'updateProfile')),
      uploadAvatar: bind(later(profileEdits, 'uploadAvatar')),
      usernameProblem: bind(later(profileEdits, 'usernameProblem'))
    },
    /** People tags on photos, the Tagged tab, and hashtag suggestions for the caption. */
    peopleTags: {
      add: bind(later(peopleTags, 'addPeopleTags')),
      fetch: bind(later(peopleTags, 'fetchPeopleTags')),
      approve: bind(later(peopleTags, 'approvePeopleTag')),
      remove: bind(later(peopleTags, 'removePeopleTag')),
      taggedPosts: bind(later(peopleTags, 'fetchTaggedPosts')),
      searchHashtags: bind(later(peopleTags, 'searchHashtags')),
      setManualApproval: bind(later(peopleTags, 'setManualTagApproval'))
    },
    // Stories are posted from the page with the same client as every read: the upload needs
    // nothing of main's but the access token, which the client already borrows per request.
    stories: {
      fetchStrip: bind(fetchStoryStrip),
      fetchUserStories: bind(fetchUserStories),
      markSeen: bind(markStorySeen),
      fetchViewers: bind(fetchStoryViewers),
      post: bind(postStory),
      remove: bind(deleteStory),
      /** One's own stories, live and expired, newest first (Settings › Archive). */
      archivePage: bind(archivedStoriesPage)
    },
    /** Highlights under the bio: read, play, and one's own made, edited, ordered, deleted. */
    highlights: {
      fetch: bind(fetchHighlights),
      fetchStories: bind(fetchHighlightStories),
      create: bind(createHighlight),
      edit: bind(editHighlight),
      reorder: bind(reorderHighlights),
      remove: bind(deleteHighlight)
    }
  }
}

export type PeopleServices = ReturnType<typeof createPeopleServices>
