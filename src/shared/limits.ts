// The spec's business constants (product-spec §9). One place, so UI, main and backend agree.

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_CAPTION_LENGTH = 500
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600
export const SPLASH_DURATION_MS = 1000
export const STORY_COUNT = 8
export const STORY_POOL_SIZE = 20
export const SUGGESTION_COUNT = 5
export const FEED_PLACEHOLDER_COUNT = 3
export const PROFILE_PLACEHOLDER_COUNT = 9
export const PROFILE_GRID_COLUMNS = 3
export const ANIMATION_STEP_SECONDS = 0.1
export const IMAGES_BUCKET = 'images'
export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const
