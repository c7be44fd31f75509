// Domain types: rows of the tables in supabase/migrations, as PostgREST returns them, and the
// client-only sample data.

export interface Profile {
  id: string
  username: string
  full_name: string | null
  avatar_url: string | null
  bio: string | null
  created_at?: string
}

/** The author fields embedded in a feed post through the posts.user_id → profiles.id key. */
export type PostAuthor = Pick<Profile, 'username' | 'full_name' | 'avatar_url'>

export interface Post {
  id: string
  user_id: string
  image_url: string
  caption: string | null
  likes_count: number
  comments_count: number
  created_at: string
  /** Pixel size of the feed rendition; null on posts made before renditions (render square). */
  width?: number | null
  height?: number | null
  /** The small square rendition for the profile grid; null on older posts. */
  thumb_url?: string | null
  /** A thumbhash (base64) painted as a blurred preview while the image loads. */
  placeholder?: string | null
  /** Present on feed reads (select *, profiles(username, full_name, avatar_url)). */
  profiles?: PostAuthor | null
}

export interface Like {
  id: string
  user_id: string
  post_id: string
  created_at?: string
}

export interface Follow {
  follower_id: string
  following_id: string
  created_at?: string
}

export interface ProfileStats {
  posts: number
  followers: number
  following: number
}

/** Client-only sample data (docs/product.md, "Stories"): never stored on the server. */
export interface SampleUser {
  id: string
  username: string
  avatar: string
  fullName: string
}

export interface Story {
  id: string
  user: SampleUser
  hasViewed: boolean
}

export interface Suggestion {
  username: string
  fullName: string
  avatar: string
}

/** The signed-in user as the renderer sees it: never the refresh token. */
export interface SessionUser {
  id: string
  email: string | null
  user_metadata: Record<string, unknown>
}

export interface AuthSnapshot {
  user: SessionUser | null
  profile: Profile | null
  accessToken: string | null
  /** Seconds since the epoch, as Supabase reports it. */
  expiresAt: number | null
}

export const SIGNED_OUT: AuthSnapshot = {
  user: null,
  profile: null,
  accessToken: null,
  expiresAt: null
}

/** What a notification is about (docs/product.md: activity). */
export type NotificationType = 'like' | 'comment' | 'reply' | 'mention' | 'follow'

/** One row of public.notifications, readable only by its recipient. */
export interface Notification {
  id: string
  recipient_id: string
  actor_id: string
  type: NotificationType
  post_id: string | null
  comment_id: string | null
  read_at: string | null
  created_at: string
}

export type ActivityActor = Pick<Profile, 'id' | 'username' | 'full_name' | 'avatar_url'>

/** One line of the activity panel: every notification of one type about one post. */
export interface ActivityGroup {
  /** `type:post_id`, stable for a group; with latest_at it is the paging cursor. */
  group_key: string
  type: NotificationType
  post_id: string | null
  /** The newest notification's comment, for comment, reply and mention groups. */
  comment_id: string | null
  latest_at: string
  actor_count: number
  unread_count: number
  /** Up to three, newest first: "ana and 3 others liked your photo". */
  actors: ActivityActor[]
  post_image_url: string | null
  post_thumb_url: string | null
}
