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
  /** The first photo's alt text (every photo's is in post_images). */
  alt_text?: string | null
  /** Set by the database when the author last changed the caption. */
  edited_at?: string | null
  /** How many photos the post holds (1 for single-photo posts, up to 10 for a carousel). */
  image_count?: number
  /** Every photo of a carousel in display order; empty or absent on single-photo posts. */
  post_images?: PostImage[]
}

/** One photo of a carousel post, position 0..9; photo 0 is also copied onto the post row. */
export interface PostImage {
  post_id: string
  position: number
  image_url: string
  thumb_url: string | null
  width: number | null
  height: number | null
  placeholder: string | null
  alt_text: string | null
}

/** A comment or (with parent_id) a reply; replies are one level deep. */
export interface Comment {
  id: string
  post_id: string
  user_id: string
  parent_id: string | null
  body: string
  created_at: string
  /** The author, embedded on reads. */
  profiles?: PostAuthor | null
}

/** A comment with the replies loaded for it, oldest first. */
export interface CommentThread extends Comment {
  replies: Comment[]
}

/** Someone who liked a post, for the "Liked by" list. */
export interface Liker {
  /** The like's own id and time: the keyset cursor of the list. */
  like_id: string
  liked_at: string
  profile: Profile
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
