// Direct messages as the app holds them: threads (the inbox's rows), their people, messages of
// every kind and the limits the database also enforces (the baseline migration's Direct messages).

import { FAILED } from '../failure'
import { refused, REFUSED } from '../refusal'

/** Characters in one text message (the database's direct_messages_body_length). */
export const MAX_DIRECT_TEXT_LENGTH = 1000
/** People in one thread, the sender included. */
export const MAX_DIRECT_PEOPLE = 32
/** Messages per history page. */
export const DIRECT_PAGE_SIZE = 40
/** The story reaction the viewer's quick-reaction button sends. */
export const STORY_QUICK_REACTION = '❤️'

export type DirectFolder = 'inbox' | 'requests'
export type DirectMessageKind = 'text' | 'photo' | 'post' | 'story_reply' | 'story_reaction'

export interface DirectPerson {
  id: string
  username: string
  full_name: string | null
  avatar_url: string | null
  /** When they last read the thread ("Seen" under the last message they read). */
  last_read_at: string | null
}

export interface DirectLastMessage {
  id: string
  sender_id: string
  kind: DirectMessageKind
  body: string | null
  created_at: string
}

export interface DirectThread {
  id: string
  name: string | null
  is_group: boolean
  last_message_at: string
  /** The reader's own state in it: a request is a thread they have not accepted yet. */
  state: 'accepted' | 'request'
  last_read_at: string | null
  unread: boolean
  /** Everyone in it but the reader. */
  people: DirectPerson[]
  last_message: DirectLastMessage | null
}

/** A shared post as a message shows it: null when it was deleted. */
export interface DirectSharedPost {
  id: string
  image_url: string
  thumb_url: string | null
  caption: string | null
  profiles: { username: string; avatar_url: string | null } | null
}

/** The story a reply quotes: null once it expired or was deleted ("Story unavailable"). */
export interface DirectQuotedStory {
  id: string
  user_id: string
  image_url: string
  thumb_url: string | null
}

export interface DirectMessage {
  id: string
  thread_id: string
  sender_id: string
  kind: DirectMessageKind
  body: string | null
  image_url: string | null
  thumb_url: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  post_id: string | null
  story_id: string | null
  created_at: string
  post?: DirectSharedPost | null
  story?: DirectQuotedStory | null
  /** Who hearted it. */
  hearts: string[]
  /** Set on the sender's copy while it waits in the outbox (offline). */
  pending?: boolean
}

/** What a sender writes; the id is chosen before the first attempt so a retry finds it. */
export type DirectDraft =
  | { kind: 'text'; body: string }
  | { kind: 'post'; postId: string; body?: string }
  | { kind: 'story_reply'; storyId: string; body: string }
  | { kind: 'story_reaction'; storyId: string; body: string }

export const DIRECT_MESSAGES = {
  signIn: REFUSED.signInToMessage,
  empty: REFUSED.messageEmpty,
  tooLong: refused('messageTooLong', { max: MAX_DIRECT_TEXT_LENGTH.toLocaleString('en-US') }),
  loadFailed: FAILED.loadMessages,
  sendFailed: FAILED.sendMessage,
  storyUnavailable: 'Story unavailable',
  postUnavailable: 'Post unavailable',
  seen: 'Seen',
  activeNow: 'Active now',
  typing: 'typing…',
  newMessagesBelow: 'New messages ↓'
} as const
