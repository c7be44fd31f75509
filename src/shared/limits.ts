// The product's limits and constants (docs/limits.md). One place, so the renderer,
// main and the local backend agree. Each constant's comment is its line in that table (the
// first sentence; `npm run docs` writes the table), so every constant needs one.

/** A photo must be smaller; the images bucket has the same limit. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/**
 * Width × height a photo's header may claim. Checked before anything decodes the image: a 30 kB
 * PNG can claim 20000×20000 and cost 1.6 GB of RGBA to show.
 */
export const MAX_IMAGE_PIXELS = 50_000_000
/** Caption characters (also a database check). */
export const MAX_CAPTION_LENGTH = 500
/** Hashtags in one caption, each one written counted, as Instagram counts them (also a database check). */
export const MAX_CAPTION_HASHTAGS = 30
/** People tagged on one post, over all its photos (also a database check). */
export const MAX_PEOPLE_TAGS = 20
/** Words in one list, muted words or hidden words (also a database check). */
export const MAX_WORD_FILTERS = 500
/** Caption characters a feed card shows before "… more", as the network's cards do. */
export const CAPTION_PREVIEW_LENGTH = 125
/**
 * Objects larger than this go up as a resumable (TUS) upload, so a dropped connection resumes;
 * Supabase's guide: resumable above 6 MB.
 */
export const RESUMABLE_UPLOAD_THRESHOLD_BYTES = 6 * 1024 * 1024
/** Bytes per request of a resumable upload (Supabase's documented chunkSize). */
export const RESUMABLE_UPLOAD_CHUNK_BYTES = 6 * 1024 * 1024
/** Cache lifetime sent with each upload. */
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600
/** How long the splash screen shows, counted from its first paint on screen. */
export const SPLASH_DURATION_MS = 1000
/** Sample people the story strip shows when nobody has a live story. */
export const STORY_COUNT = 8
/** The pool the strip's sample people are drawn from (with a fixed seed). */
export const STORY_POOL_SIZE = 20
/** Suggested people in the side panel. */
export const SUGGESTION_COUNT = 5
/** Placeholder cards while the feed loads. */
export const FEED_PLACEHOLDER_COUNT = 3
/** Placeholder tiles while a profile grid loads. */
export const PROFILE_PLACEHOLDER_COUNT = 9
/** Columns of the profile grid. */
export const PROFILE_GRID_COLUMNS = 3
/** Delay between cards fading in. */
export const ANIMATION_STEP_SECONDS = 0.1
/** The storage bucket photos, thumbnails, avatars and stories go to. */
export const IMAGES_BUCKET = 'images'
/** The storage bucket video clips of posts go to (their posters and thumbnails go to images). */
export const VIDEOS_BUCKET = 'videos'
/** A video post's longest clip, after trimming (also a database check). */
export const MAX_VIDEO_DURATION_MS = 180_000
/** A story's longest clip: a longer one is trimmed to its first minute (also a database check). */
export const MAX_STORY_VIDEO_DURATION_MS = 60_000
/** A converted clip must be smaller; the videos bucket has the same limit. */
export const MAX_VIDEO_BYTES = 150 * 1024 * 1024
/** A clip's WebVTT captions file, stored beside it in the videos bucket. */
export const MAX_CAPTIONS_BYTES = 256 * 1024
/** A picked or dropped video file must be smaller before it is converted. */
export const MAX_VIDEO_INPUT_BYTES = 2 * 1024 * 1024 * 1024
/** What the native open dialog offers. */
export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const

// Feed paging and the upload image pipeline (docs/product.md, "Beyond the original spec": the
// original read every post at once and stored photos of up to 10 MB as picked).
/** Posts per feed page. */
export const FEED_PAGE_SIZE = 12
/**
 * Posts a long session holds at once; older ones are dropped and re-read on the way back. Four
 * pages cover the mounted cards and their overscan several times over.
 */
export const FEED_MAX_LOADED_POSTS = 48
/** Posts from the top of each feed saved for offline use and instant start. */
export const FEED_CACHED_POSTS = 3 * FEED_PAGE_SIZE
/** Widest feed rendition: the feed column is 470 CSS px, so 1080 covers a 2x screen. */
export const FEED_IMAGE_MAX_WIDTH = 1080
/** Side of the square profile-grid thumbnail. */
export const THUMBNAIL_SIZE = 320
/** The longest thumbhash we accept, as base64 (real ones are ~30 bytes, ~40 characters). */
export const MAX_PLACEHOLDER_LENGTH = 64
/** Largest width or height a post may declare (a sanity bound, as in the database check). */
export const MAX_IMAGE_DIMENSION = 20000

// Posts in full: comments, carousels and alt text (the same limits as the database checks).
/** Comment characters (also a database check). */
export const MAX_COMMENT_LENGTH = 2200
/** Distinct people one comment may mention with an @ (the database refuses more; Instagram allows ~20). */
export const MAX_MENTIONS_PER_COMMENT = 20
/** Photos in one post. */
export const MAX_CAROUSEL_PHOTOS = 10
/** Alt text characters per photo (also a database check). */
export const MAX_ALT_TEXT_LENGTH = 1000
/** Location characters: a place's name, one line (also a database check). */
export const MAX_LOCATION_LENGTH = 100
/** Places the location picker and the search box's Places tab list for one query. */
export const PLACE_SEARCH_RESULTS = 8
/** Posts per page of a place page. */
export const PLACE_PAGE_SIZE = 12
/** Comments per page of the post view. */
export const COMMENTS_PAGE_SIZE = 20
/** Replies loaded with a page of comments, across all its threads (a bound on one response). */
export const MAX_REPLIES_PER_PAGE = 200
/** Posts per page of the Saved tab. */
export const SAVED_PAGE_SIZE = 12
/** Posts per page of a tag page. */
export const TAG_PAGE_SIZE = 12
/** A hashtag page's top posts: three rows of three. */
export const TAG_TOP_POSTS = 9
/** Hashtags one person may follow (followed_tags, limit_followed_tags). */
export const MAX_FOLLOWED_TAGS = 100
/** Collections of saved posts one person may have (save_collections, check_save_collection). */
export const MAX_SAVE_COLLECTIONS = 100
/** Characters in a collection's name, as the database checks it (check_save_collection). */
export const MAX_SAVE_COLLECTION_NAME_LENGTH = 50
/** Posts per page of a saved collection's grid (as the Saved tab's: its embeds stay bounded). */
export const SAVE_COLLECTION_PAGE_SIZE = 12
/** Posts per page of Explore: four rows of three, the screen its diversity rule counts over. */
export const EXPLORE_PAGE_SIZE = 12
/** "You're all caught up" comes after the unseen posts of this many days (seen-posts.ts). */
export const CAUGHT_UP_WINDOW_DAYS = 3
/** Posts one mark_posts_seen call takes; the app sends its cards in batches of this size. */
export const MAX_SEEN_POSTS_PER_CALL = 100
/** How long the app gathers seen cards before sending them in one request. */
export const SEEN_POSTS_FLUSH_MS = 3_000
/** Reels per page: a few screens ahead of the one watched (reels_page serves at most 30). */
export const REELS_PAGE_SIZE = 6
// People: profiles, search and lists.
/**
 * The username rule the database enforces (profiles_username_format and _dots): 3 to 30 of
 * a-z, 0-9, '.' and '_', with a letter or digit, no dot first or last and no two in a row.
 */
export const USERNAME_PATTERN = /^(?=.*[a-z0-9])(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{3,30}$/
/** Bio characters (also a database check). */
export const MAX_BIO_LENGTH = 150
/** Side of the square avatar the renderer makes (cropped to a circle when shown). */
export const AVATAR_SIZE = 320
/** Rows the header's type-ahead shows. */
export const SEARCH_RESULT_COUNT = 8
/** A longer query cannot match more: the database compares at most this much. */
export const MAX_SEARCH_QUERY_LENGTH = 100
/** People per page of a followers or following list. */
export const CONNECTIONS_PAGE_SIZE = 20
/** Grid tiles read at a time on a profile: eight rows of three, more as the grid scrolls. */
export const PROFILE_GRID_PAGE_SIZE = 24
/** The full suggestions list behind "See All". */
export const SUGGESTIONS_PAGE_SIZE = 30
// Stories (docs/product.md, "Stories").
/** The optional text on a story, as in the database check. */
export const MAX_STORY_TEXT_LENGTH = 200
/** How long the viewer shows one photo before moving on. */
export const STORY_PHOTO_MS = 5000
/** The story rendition fits a 9:16 frame of 1080 × 1920 (a full-height phone screen at 3x). */
export const STORY_IMAGE_MAX_WIDTH = 1080
/** The height of the frame a story photo is fitted into. */
export const STORY_IMAGE_MAX_HEIGHT = 1920
/** A highlight's name, as in the database check (Instagram's limit is similar). */
export const MAX_HIGHLIGHT_TITLE_LENGTH = 32
/** Stories one highlight holds, as the database's highlight rpcs allow. */
export const MAX_HIGHLIGHT_STORIES = 100
/** Own stories per page of the story archive (Settings › Archive). */
export const STORY_ARCHIVE_PAGE_SIZE = 30
// Several accounts (docs/product.md, "Several accounts").
/** Accounts signed in at once on one install, as Instagram's apps allow. */
export const MAX_SIGNED_IN_ACCOUNTS = 5
// Imports (docs/product.md, "Your information"): a zip is checked against these from its
// directory before anything in it is inflated, and each file again while it inflates.
/** Files one import archive may list; a directory that claims more is refused unread. */
export const MAX_IMPORT_ARCHIVE_ENTRIES = 50_000
/**
 * Bytes the files of one import archive may add up to once inflated, as its directory declares
 * them; a larger download imports from its unzipped folder.
 */
export const MAX_IMPORT_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024
/**
 * How many times its compressed size an archive, or one file in it, may inflate to once it
 * declares more than 1 MB. Photos barely compress and JSON about tenfold; a zip bomb a
 * thousandfold.
 */
export const MAX_IMPORT_COMPRESSION_RATIO = 100
