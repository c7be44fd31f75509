// Test data: rows as the backend returns them, a PNG the checks accept, and a promise a test
// settles by hand.

import type { DirectMessage } from '../services/types'
import type {
  ActivityGroup,
  Comment,
  LiveStory,
  Post,
  Profile,
  StoryStripEntry
} from '@shared/domain'
import type { AuthSnapshot } from '@shared/auth-snapshot'

export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const PROFILE: Profile = {
  id: 'user-1',
  username: 'jane.doe',
  full_name: 'Jane Doe',
  avatar_url: null,
  bio: 'Coffee and film cameras'
}

export function signedIn(profile: Profile = PROFILE): AuthSnapshot {
  return {
    user: {
      id: profile.id,
      email: 'jane@example.com',
      user_metadata: { username: profile.username }
    },
    profile,
    accessToken: 'token',
    expiresAt: 9999999999
  }
}

let postSeq = 0
export function makePost(overrides: Partial<Post> = {}): Post {
  postSeq += 1
  return {
    id: `post-${postSeq}`,
    user_id: 'user-2',
    image_url: `https://example.test/${postSeq}.jpg`,
    caption: `Caption ${postSeq}`,
    likes_count: 0,
    comments_count: 0,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    profiles: { username: 'sam', full_name: 'Sam Smith', avatar_url: null },
    ...overrides
  }
}

let storyCounter = 0

export function makeStory(overrides: Partial<LiveStory> = {}): LiveStory {
  storyCounter += 1
  return {
    id: `story-${storyCounter}`,
    user_id: 'author-1',
    image_url: `http://127.0.0.1:1/storage/v1/object/public/images/stories/a/${storyCounter}.webp`,
    thumb_url: null,
    width: 1080,
    height: 1920,
    placeholder: null,
    caption: null,
    created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
    expires_at: new Date(Date.now() + 22 * 3600_000).toISOString(),
    seen: false,
    profiles: { username: 'ann', full_name: 'Ann', avatar_url: null },
    ...overrides
  }
}

export function makeStripEntry(
  username: string,
  overrides: Partial<StoryStripEntry> = {}
): StoryStripEntry {
  return {
    user_id: username,
    username,
    full_name: null,
    avatar_url: null,
    has_unseen: true,
    story_count: 1,
    latest_at: '2026-11-23T10:00:00.000Z',
    ...overrides
  }
}

let groupSeq = 0

export function makeGroup(overrides: Partial<ActivityGroup> = {}): ActivityGroup {
  groupSeq += 1
  return {
    group_key: `like:post-g${groupSeq}`,
    type: 'like',
    post_id: `post-g${groupSeq}`,
    comment_id: null,
    comment_body: null,
    latest_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    actor_count: 1,
    unread_count: 1,
    actors: [{ id: 'user-2', username: 'ana', full_name: 'Ana', avatar_url: null }],
    post_image_url: null,
    post_thumb_url: `https://example.test/thumb-${groupSeq}.jpg`,
    ...overrides
  }
}

/** A real PNG signature, so the magic-byte check accepts it. */
export function pngBytes(extra = 16): Uint8Array {
  const bytes = new Uint8Array(8 + extra)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes
}

export function pngFile(name = 'photo.png'): File {
  return new File([pngBytes() as Uint8Array<ArrayBuffer>], name, { type: 'image/png' })
}

/** A text message from ana in thread t1; tests override what they look at. */
export function makeDirectMessage(overrides: Partial<DirectMessage> = {}): DirectMessage {
  return {
    id: 'm1',
    thread_id: 't1',
    sender_id: 'ana',
    kind: 'text',
    body: 'see you at 8?',
    image_url: null,
    thumb_url: null,
    width: null,
    height: null,
    placeholder: null,
    post_id: null,
    story_id: null,
    created_at: '2026-11-26T10:00:00Z',
    hearts: [],
    ...overrides
  }
}

let commentSeq = 0

/** A top-level comment by sam on `post_id` (post-1 unless given). */
export function makeComment(overrides: Partial<Comment> = {}): Comment {
  commentSeq += 1
  return {
    id: `comment-${commentSeq}`,
    post_id: 'post-1',
    user_id: 'user-2',
    parent_id: null,
    body: `Comment ${commentSeq}`,
    created_at: new Date(Date.now() - commentSeq * 60_000).toISOString(),
    likes_count: 0,
    profiles: { username: 'sam', full_name: 'Sam Smith', avatar_url: null },
    ...overrides
  }
}
