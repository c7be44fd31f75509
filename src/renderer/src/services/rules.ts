// The data layer's pure rules and words that the renderer's stores and components use as they
// are (a cursor, a new row's id, a comment's check, a post's photos in order, fixed messages).
// They compute or name; none of them reaches the backend. Rules of modules a start does not
// load live apart, so importing these loads nothing more: safetyRules.ts, peopleTagRules.ts.

export { ACCOUNT_FAILED } from '@shared/data/account'
export { ACTIVITY_LOAD_FAILED } from '@shared/data/activity'
export { checkCommentBody } from '@shared/data/comments'
export { DEFAULT_CONTENT_SETTINGS } from '@shared/data/content-controls'
export { FAILED, FAILURE_REASONS, type FailureKey } from '@shared/data/failure'
export { REFUSED, type RefusalKey } from '@shared/data/refusal'
export { TYPING_SHOWN_MS } from '@shared/data/direct/presence'
export {
  DIRECT_MESSAGES,
  DIRECT_PAGE_SIZE,
  MAX_DIRECT_TEXT_LENGTH,
  STORY_QUICK_REACTION
} from '@shared/data/direct/types'
export { cursorOf } from '@shared/data/feed'
export { newRowId } from '@shared/data/idempotent'
export { POST_GONE_MESSAGE } from '@shared/data/likes'
export { POST_ACCOUNT_SWITCHED_MESSAGE } from '@shared/data/post-owner'
export { sortedImages } from '@shared/data/post-reads'
export { renditionsFromBridge } from '@shared/data/renditions'
export { HIGHLIGHT_MESSAGES, highlightDraftProblem } from '@shared/data/story-highlights'
export { COLLECTION_MESSAGES, collectionNameProblem } from '@shared/data/save-collections'
