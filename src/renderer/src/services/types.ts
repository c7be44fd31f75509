// The data layer's types as the renderer's stores and components name them. Only types: the
// stores reach the data layer through `Services` alone, and nothing here runs.

export type { ActivityListener } from '@shared/data/activity'
export type { CommentRow, PostCommentsListener } from '@shared/data/live-comments'
export type {
  CloseFriend,
  ContentSettings,
  PostControls,
  WordKind
} from '@shared/data/content-controls'
export type { ExploreCursor, ExplorePage } from '@shared/data/explore'
export type { ReelsPage } from '@shared/data/reels'
export type { FeedCursor } from '@shared/data/feed'
export type { TagSummary } from '@shared/data/hashtags'
export type { PlaceResult } from '@shared/data/places'
export type { DirectPhoto, OutgoingMessage } from '@shared/data/direct/messages'
export type { ThreadRoom } from '@shared/data/direct/presence'
export type {
  DirectDraft,
  DirectFolder,
  DirectLastMessage,
  DirectMessage,
  DirectPerson,
  DirectThread
} from '@shared/data/direct/types'
export type {
  DownloadFiles,
  ImportCandidate,
  ImportPlan,
  SkipReason
} from '@shared/data/export/instagram-import'
export type { Page, PageCursor, PageOrder } from '@shared/data/keyset'
export type { PostRow, PostsListener } from '@shared/data/live-posts'
export type { ProfileCounts, ProfileCountsListener } from '@shared/data/live-profiles'
export type { HashtagSuggestion, NewPeopleTag } from '@shared/data/people-tags'
export type { PostEdit } from '@shared/data/post-edits'
export type { PostCounts } from '@shared/data/post-reads'
export type { HighlightDraft } from '@shared/data/story-highlights'
export type { ProfileChanges } from '@shared/data/profile-edits'
export type { ProfilePosts } from '@shared/data/profiles'
export type {
  ListedPerson,
  ModerationAction,
  ModerationReport,
  Mute,
  ReportReason,
  ReportTarget,
  SuspendedAccount
} from '@shared/data/safety'
