// Domain types: rows of the tables in supabase/migrations, as PostgREST returns them, and the
// client-only sample data. tests/integration/db/domain-types.test.ts holds each row type to the
// live schema (supabase/schema.sql shows it): add a new one to its list. The session's shape,
// which is no row, is in auth-snapshot.ts.

export interface Profile {
  id: string
  username: string
  full_name: string | null
  avatar_url: string | null
  bio: string | null
  created_at?: string
  /** Kept by the database (a trigger on follows); absent on rows read before it existed. */
  followers_count?: number
  following_count?: number
  /** Kept by the database (triggers on posts): all their posts, also those one may not see. */
  posts_count?: number
  /** Only followers see a private account's posts, stories and lists (set by the owner). */
  is_private?: boolean
  /** Set by a moderator; a suspended account is hidden from everyone else. */
  suspended_at?: string | null
  /** New people tags of this person wait for their approval (set by the owner). */
  manually_approve_tags?: boolean
}

/** A person as lists show them: search results, suggestions, followers and following. */
export interface PersonSummary {
  id: string
  username: string
  full_name: string | null
  avatar_url: string | null
  followers_count: number
}

/** A row of a followers or following list; followed_at is also the list's keyset cursor. */
export interface Connection extends PersonSummary {
  followed_at: string
}

export type ConnectionDirection = 'followers' | 'following'

/** A suggested person, with how many of the people you follow already follow them. */
export interface SuggestedPerson extends PersonSummary {
  followed_by_count: number
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
  /** The place's name as the post shows it (one line, 1..100 characters), under the author. */
  location?: string | null
  /** The place the location names (set by the database from the location); its page's id. */
  place_id?: string | null
  /** Set by the database when the author last changed the caption. */
  edited_at?: string | null
  /** How many photos the post holds (1 for single-photo posts, up to 10 for a carousel). */
  image_count?: number
  /** Every photo of a carousel in display order; empty or absent on single-photo posts. */
  post_images?: PostImage[]
  /** 'video' when the first item is a clip (its poster is image_url); absent on older reads. */
  media_type?: 'photo' | 'video'
  /** The first item's clip in the videos bucket, and its length; null for a photo. */
  video_url?: string | null
  duration_ms?: number | null
  /** Marked sensitive by the author: shown blurred with the reason until revealed. */
  is_sensitive?: boolean
  sensitive_reason?: string | null
  /** The author turned commenting off: the database refuses new comments. */
  comments_disabled?: boolean
  /** The author hid the like count: others read "Liked by others". */
  hide_like_count?: boolean
  /** When the author archived it: then only they see it (in their Archive). */
  archived_at?: string | null
  /** When the author pinned it to the top of their grid (newest pin first), and its slot 1..3. */
  pinned_at?: string | null
  pin_slot?: number | null
  /** Following feed only: the followed hashtag that brought a post of someone not followed. */
  followed_tag?: string | null
  /** Following feed only: whether the reader had seen it when the page was read (public.seen). */
  seen?: boolean
}

/** A place a post can be at: one per name, matched without case or accents. */
export interface Place {
  id: string
  name: string
  latitude: number | null
  longitude: number | null
  /** Who added it (for a place made from older posts, its first poster); null once they left. */
  created_by: string | null
  created_at: string
}

/** A place page's header: the place and how many of its posts the reader can see. */
export interface PlaceSummary extends Pick<Place, 'id' | 'name' | 'latitude' | 'longitude'> {
  posts: number
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
  /** A video item's clip (image_url is its poster) and its length; null or absent for a photo. */
  video_url?: string | null
  duration_ms?: number | null
  /** A clip's WebVTT captions beside it in the videos bucket; null or absent for none. */
  captions_url?: string | null
}

/** A comment or (with parent_id) a reply; replies are one level deep. */
export interface Comment {
  id: string
  post_id: string
  user_id: string
  parent_id: string | null
  body: string
  created_at: string
  /** Kept by the database: how many people like this comment. */
  likes_count: number
  /**
   * Matches the post author's hidden words (a computed field, decided as it is read): true only
   * for the post's author, who sees it under "Hidden comments"; nobody else sees the comment
   * but its writer, who is never told.
   */
  hidden?: boolean
  /** The author, embedded on reads. */
  profiles?: PostAuthor | null
}

/** A comment with the replies loaded for it, oldest first. */
export interface CommentThread extends Comment {
  replies: Comment[]
}

/** A live story (public.stories), readable only by its author and their followers. */
export interface LiveStory {
  id: string
  user_id: string
  image_url: string
  /** The small rendition, shown in the viewer while the photo loads. */
  thumb_url: string | null
  width: number
  height: number
  placeholder: string | null
  caption: string | null
  created_at: string
  /** Set by the database: created_at + 24 hours. */
  expires_at: string
  /** Whether the signed-in reader has seen it (from their story_views row). */
  seen: boolean
  /** Posted for the author's close friends only (a green ring; only they can read it). */
  close_friends_only?: boolean
  /** 'video' when the story is a clip (image_url is its poster); absent on older reads. */
  media_type?: 'photo' | 'video'
  /** The clip in the videos bucket and its length (at most 60 s); null for a photo story. */
  video_url?: string | null
  duration_ms?: number | null
  profiles?: PostAuthor | null
}

/** One bubble of the stories strip (the story_strip rpc). */
export interface StoryStripEntry {
  user_id: string
  username: string
  full_name: string | null
  avatar_url: string | null
  has_unseen: boolean
  story_count: number
  latest_at: string
  /** Whether any of these stories is for close friends (the ring is green). */
  close_friends?: boolean
}

/** One circle of a profile's highlights (the profile_highlights rpc), as the reader sees it. */
export interface StoryHighlight {
  id: string
  title: string
  /** The story chosen as its cover (null: the first story stands in). */
  cover_story_id: string | null
  /** The cover's photo (its thumbnail), or the first visible story's. */
  cover_url: string | null
  /** How many of its stories the reader may see. */
  story_count: number
}

/** One of the reader's collections of saved posts (the saved_collections rpc). */
export interface SaveCollection {
  id: string
  name: string
  created_at: string
  /** The post filed in it last that the reader still sees, and its photo; null when none. */
  cover_post_id: string | null
  cover_url: string | null
}

/** Someone who watched one of the reader's own stories. */
export interface StoryViewer {
  viewer_id: string
  viewed_at: string
  profiles: PostAuthor | null
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

/** What a notification is about (docs/product.md: activity). */
export type NotificationType =
  'like' | 'comment' | 'reply' | 'mention' | 'follow' | 'comment_like' | 'follow_request' | 'tag'

/** A person tagged at a point of one photo of a post (public.post_people_tags). */
export interface PeopleTag {
  post_id: string
  /** The photo's position in the post, as post_images numbers them. */
  position: number
  user_id: string
  /** The point, as fractions (0..1) of the photo's width and height from its top left. */
  x: number
  y: number
  /** 'pending' until the tagged person approves, when they approve tags manually. */
  status: 'approved' | 'pending'
  created_at: string
  /** The tagged person's name, embedded for the label. */
  profiles?: { username: string } | null
}

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
  /** That comment's text, quoted in the line ("ana commented: nice one"); null when gone. */
  comment_body: string | null
  latest_at: string
  actor_count: number
  unread_count: number
  /** Up to three, newest first: "ana and 3 others liked your photo". */
  actors: ActivityActor[]
  post_image_url: string | null
  post_thumb_url: string | null
}
