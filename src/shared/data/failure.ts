// What this folder's operations say when they fail, in one table, and one way to turn a failed
// request into an Error a user can read. Each sentence is English word for word and the renderer's
// catalog key `failures.<key>` (en.json says it alike; i18n/failures.ts finds the key back from
// the text, since only a message survives IPC and the stores): `{{reason}}` is the server's words
// (or one of FAILURE_REASONS), `{{tag}}` a hashtag.

import { messageOr } from '../errors'
import { MESSAGES } from '../messages'

const READ_FOR_EXPORT = 'Could not read your'

export const FAILED = {
  loadReels: "Couldn't load Reels: {{reason}}",
  loadExplore: "Couldn't load Explore: {{reason}}",
  loadPost: "Couldn't load the post: {{reason}}",
  saveChanges: "Couldn't save your changes: {{reason}}",
  deletePost: "Couldn't delete the post: {{reason}}",
  createPost: MESSAGES.savePostFailed('{{reason}}'),
  upload: MESSAGES.uploadFailed('{{reason}}'),
  noteSeen: "Couldn't note the posts you've seen: {{reason}}",
  archivePost: "Couldn't archive the post: {{reason}}",
  restorePost: "Couldn't show the post on your profile: {{reason}}",
  pinPost: "Couldn't pin the post: {{reason}}",
  unpinPost: "Couldn't unpin the post: {{reason}}",
  loadArchive: "Couldn't load your archive: {{reason}}",
  addComment: "Couldn't add your comment: {{reason}}",
  deleteComment: "Couldn't delete the comment: {{reason}}",
  loadComment: "Couldn't load the comment: {{reason}}",
  loadComments: "Couldn't load comments: {{reason}}",
  loadReplies: "Couldn't load replies: {{reason}}",
  likeComment: "Couldn't like the comment: {{reason}}",
  unlikeComment: "Couldn't unlike the comment: {{reason}}",
  loadLikes: "Couldn't load the likes: {{reason}}",
  loadLikers: "Couldn't load who liked these posts: {{reason}}",
  savePost: "Couldn't save the post: {{reason}}",
  unsavePost: "Couldn't remove the post from your saved posts: {{reason}}",
  loadSaved: "Couldn't load your saved posts: {{reason}}",
  loadCollections: "Couldn't load your collections: {{reason}}",
  saveToCollection: "Couldn't save to the collection: {{reason}}",
  renameCollection: "Couldn't rename the collection: {{reason}}",
  deleteCollection: "Couldn't delete the collection: {{reason}}",
  removeFromCollection: "Couldn't remove the post from the collection: {{reason}}",
  savePeopleTags: `${MESSAGES.peopleTagsFailed}: {{reason}}`,
  loadTagged: "Couldn't load who is tagged: {{reason}}",
  approveTag: "Couldn't approve the tag: {{reason}}",
  removeTag: "Couldn't remove the tag: {{reason}}",
  changeTagApproval: "Couldn't change how tags are approved: {{reason}}",
  loadTaggedPosts: "Couldn't load the posts this person is tagged in: {{reason}}",
  searchHashtags: "Couldn't search hashtags: {{reason}}",
  notAHashtag: '"{{tag}}" is not a hashtag',
  loadHashtag: "Couldn't load #{{tag}}: {{reason}}",
  loadHashtagTop: "Couldn't load the top posts of #{{tag}}: {{reason}}",
  loadFollowedHashtags: "Couldn't load your followed hashtags: {{reason}}",
  followHashtag: "Couldn't follow #{{tag}}: {{reason}}",
  unfollowHashtag: "Couldn't unfollow #{{tag}}: {{reason}}",
  searchPlaces: "Couldn't search places: {{reason}}",
  loadPlace: "Couldn't load this place: {{reason}}",
  loadPlacePosts: "Couldn't load this place's posts: {{reason}}",
  loadStories: `${MESSAGES.storiesFailed}: {{reason}}`,
  saveStory: MESSAGES.saveStoryFailed('{{reason}}'),
  deleteStory: MESSAGES.deleteStoryFailed('{{reason}}'),
  loadStoryArchive: "Couldn't load your story archive: {{reason}}",
  loadHighlights: "Couldn't load highlights: {{reason}}",
  saveHighlight: "Couldn't save the highlight: {{reason}}",
  deleteHighlight: "Couldn't delete the highlight: {{reason}}",
  reorderHighlights: "Couldn't reorder your highlights: {{reason}}",
  follow: "Couldn't follow: {{reason}}",
  unfollow: "Couldn't unfollow: {{reason}}",
  loadList: "Couldn't load the list: {{reason}}",
  loadSuggestions: "Couldn't load suggestions: {{reason}}",
  loadFollowingFeed: "Couldn't load the Following feed: {{reason}}",
  loadProfile: "Couldn't load the profile: {{reason}}",
  saveProfile: "Couldn't save your profile: {{reason}}",
  search: "Couldn't search: {{reason}}",
  loadMutedWords: "Couldn't load your muted words: {{reason}}",
  addWord: "Couldn't add the word: {{reason}}",
  removeWord: "Couldn't remove the word: {{reason}}",
  loadSettings: "Couldn't load your settings: {{reason}}",
  saveSettings: "Couldn't save your settings: {{reason}}",
  loadCloseFriends: "Couldn't load your close friends: {{reason}}",
  addCloseFriend: "Couldn't add to close friends: {{reason}}",
  removeCloseFriend: "Couldn't remove from close friends: {{reason}}",
  changePost: "Couldn't change the post: {{reason}}",
  block: "Couldn't block: {{reason}}",
  unblock: "Couldn't unblock: {{reason}}",
  loadBlocked: "Couldn't load your blocked accounts: {{reason}}",
  mute: "Couldn't mute: {{reason}}",
  unmute: "Couldn't unmute: {{reason}}",
  loadMuted: "Couldn't load your muted accounts: {{reason}}",
  sendReport: "Couldn't send the report: {{reason}}",
  changePrivacy: "Couldn't change your account privacy: {{reason}}",
  loadFollowRequests: "Couldn't load follow requests: {{reason}}",
  loadFollowRequest: "Couldn't load the follow request: {{reason}}",
  approveRequest: "Couldn't approve the request: {{reason}}",
  deleteRequest: "Couldn't delete the request: {{reason}}",
  checkRole: "Couldn't check your role: {{reason}}",
  loadReports: "Couldn't load reports: {{reason}}",
  resolveReport: "Couldn't resolve the report: {{reason}}",
  loadSuspended: "Couldn't load suspended accounts: {{reason}}",
  liftSuspension: "Couldn't lift the suspension: {{reason}}",
  loadMessages: "Couldn't load your messages",
  sendMessage: "Couldn't send your message",
  sendMessageBecause: "Couldn't send your message: {{reason}}",
  loadActivity: "Couldn't load your activity.",
  markActivityRead: "Couldn't mark your activity as read.",
  readProfile: `${READ_FOR_EXPORT} profile: {{reason}}`,
  readPosts: `${READ_FOR_EXPORT} posts: {{reason}}`,
  readComments: `${READ_FOR_EXPORT} comments: {{reason}}`,
  readLikes: `${READ_FOR_EXPORT} likes: {{reason}}`,
  readFollowers: `${READ_FOR_EXPORT} followers: {{reason}}`,
  readFollowing: `${READ_FOR_EXPORT} following: {{reason}}`,
  readStories: `${READ_FOR_EXPORT} stories: {{reason}}`,
  readMessages: `${READ_FOR_EXPORT} messages: {{reason}}`
} as const

/** A sentence of FAILED, by its key (the catalog's is `failures.<FailureKey>`). */
export type FailureKey = keyof typeof FAILED

/** The reasons this folder gives itself, in place of the server's (`failures.reasons.<key>`). */
export const FAILURE_REASONS = {
  unknown: 'unknown error',
  idTaken: 'its id belongs to another one',
  goneOrNotYours: 'it was already deleted or is not yours',
  notYours: 'it is not yours',
  notOwnProfile: 'you can only edit your own profile',
  network: 'network error',
  noRow: 'no row returned'
} as const

/** A FAILED sentence with its placeholders filled. */
export function failed(key: FailureKey, values: Readonly<Record<string, string>> = {}): string {
  return FAILED[key].replace(/\{\{(\w+)\}\}/g, (slot, name: string) => values[name] ?? slot)
}

/** A FAILED sentence as an Error, with the server's words (or "unknown error") as its reason. */
export function failure(
  key: FailureKey,
  error: unknown,
  values: Readonly<Record<string, string>> = {}
): Error {
  return new Error(failed(key, { ...values, reason: messageOr(error, FAILURE_REASONS.unknown) }))
}
