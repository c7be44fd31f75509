// Reading an Instagram data download (or an archive "Download your information" wrote) into
// the posts it would make here, before anything is uploaded: what the preview shows and what
// the report says was left out. Each post keeps its caption (decoded from Instagram's escaped
// text) and its date, and, from an archive made here, its location (Instagram's own download has
// none: instagram-format.ts); videos, files the download lacks, photos this app cannot read and
// captions over the limit are skipped and listed, never silently dropped.

import { sniffImageType, type ImageMimeType } from '../../image'
import { MAX_CAPTION_LENGTH, MAX_CAROUSEL_PHOTOS } from '../../limits'
import { REFUSED } from '../refusal'
import {
  decodeInstagramText,
  INSTAGRAM_POSTS_FILES,
  type InstagramMedia,
  type InstagramPost
} from './instagram-format'

/** A download as a set of files by path, whether it came as a zip or as a folder. */
export interface DownloadFiles {
  /** Every path in the download, relative to wherever the user's selection starts. */
  paths(): string[]
  /** The bytes of one file, or null when the download does not hold it. */
  read(path: string): Promise<Uint8Array | null>
}

export interface ImportPhoto {
  uri: string
  bytes: Uint8Array
  type: ImageMimeType
}

export interface ImportCandidate {
  /** Stable within one download: its place in the posts list. */
  key: string
  caption: string
  /** Only an archive made here has one (your_information/posts.json). */
  location?: string
  /** ISO 8601; absent when the download gives no date (the post is then dated now). */
  takenAt?: string
  photos: ImportPhoto[]
}

export type SkipReason = 'video' | 'missing' | 'not-an-image' | 'caption-too-long' | 'too-many'

export interface ImportSkip {
  /** The file (or, for a whole post, its first file) that was left out. */
  uri: string
  reason: SkipReason
}

export interface ImportPlan {
  posts: ImportCandidate[]
  skipped: ImportSkip[]
}

export const NOT_AN_INSTAGRAM_DOWNLOAD = REFUSED.notInstagramDownload

const VIDEO_EXTENSIONS = /\.(mp4|mov|m4v|webm|avi|3gp)$/i

/** Where the download's root is (the folder media URIs start from) and its posts lists. */
function locatePosts(paths: string[]): { root: string; lists: string[] } | null {
  for (const file of INSTAGRAM_POSTS_FILES) {
    const first = paths.find((path) => path === file || path.endsWith(`/${file}`))
    if (!first) continue
    const root = first.slice(0, first.length - file.length)
    const folder = first.slice(0, first.length - 'posts_1.json'.length)
    // Large accounts come split over posts_1.json, posts_2.json, ...
    const lists = paths
      .filter(
        (path) => path.startsWith(folder) && /^posts_\d+\.json$/.test(path.slice(folder.length))
      )
      .sort((a, b) => Number(/(\d+)\.json$/.exec(a)?.[1]) - Number(/(\d+)\.json$/.exec(b)?.[1]))
    return { root, lists }
  }
  return null
}

function asPosts(json: unknown): InstagramPost[] {
  const list = Array.isArray(json)
    ? json
    : // Some downloads wrap the list: {"ig_posts": [...]}.
      (Object.values((json ?? {}) as Record<string, unknown>).find(Array.isArray) ?? [])
  return (list as unknown[]).filter(
    (post): post is InstagramPost =>
      typeof post === 'object' && post !== null && Array.isArray((post as InstagramPost).media)
  )
}

/** When a post was taken, in whole seconds (what the download keeps). */
function takenSeconds(post: InstagramPost): number | undefined {
  const seconds = post.creation_timestamp ?? post.media[0]?.creation_timestamp
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.floor(seconds)
    : undefined
}

/**
 * The dates to import with. The download lists posts newest first and keeps only seconds, so the
 * n posts of one second are told apart by their place in the list: the first gets n - 1 ms, the
 * last .000, and the grid keeps the download's order. A post alone in its second keeps its date.
 */
function takenDates(seconds: (number | undefined)[]): (string | undefined)[] {
  const inSecond = new Map<number, number>()
  for (const second of seconds) {
    if (second !== undefined) inSecond.set(second, (inSecond.get(second) ?? 0) + 1)
  }
  const seen = new Map<number, number>()
  return seconds.map((second) => {
    if (second === undefined) return undefined
    const before = seen.get(second) ?? 0
    seen.set(second, before + 1)
    const later = Math.min(inSecond.get(second)! - 1 - before, 999)
    return new Date(second * 1000 + Math.max(later, 0)).toISOString()
  })
}

/** Our own archive's record of each post, by its photos' files: the location Instagram lacks. */
async function archivedLocations(files: DownloadFiles, root: string): Promise<Map<string, string>> {
  const byFile = new Map<string, string>()
  const bytes = await files.read(`${root}your_information/posts.json`)
  if (!bytes) return byFile
  let posts: unknown
  try {
    posts = JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return byFile
  }
  for (const post of Array.isArray(posts) ? posts : []) {
    const { location, post_images: images } = (post ?? {}) as Record<string, unknown>
    if (typeof location !== 'string' || !location || !Array.isArray(images)) continue
    for (const image of images) {
      const file = (image as { file?: unknown } | null)?.file
      if (typeof file === 'string') byFile.set(file, location)
    }
  }
  return byFile
}

async function readPhoto(
  files: DownloadFiles,
  root: string,
  media: InstagramMedia
): Promise<ImportPhoto | SkipReason> {
  if (VIDEO_EXTENSIONS.test(media.uri)) return 'video'
  const bytes = media.uri ? await files.read(root + media.uri) : null
  if (!bytes) return 'missing'
  const type = sniffImageType(bytes)
  return type ? { uri: media.uri, bytes, type } : 'not-an-image'
}

/**
 * Each file read at most once: a posts list that names one photo a thousand times holds one copy
 * of it, and a zip inflates no more than its directory declares.
 */
function readingOnce(files: DownloadFiles): DownloadFiles {
  const reads = new Map<string, Promise<Uint8Array | null>>()
  return {
    paths: () => files.paths(),
    read(path) {
      let read = reads.get(path)
      if (!read) {
        read = files.read(path)
        reads.set(path, read)
      }
      return read
    }
  }
}

export async function planInstagramImport(download: DownloadFiles): Promise<ImportPlan> {
  const files = readingOnce(download)
  const located = locatePosts(files.paths())
  if (!located) throw new Error(NOT_AN_INSTAGRAM_DOWNLOAD)
  const plan: ImportPlan = { posts: [], skipped: [] }
  const locations = await archivedLocations(files, located.root)
  const seconds: (number | undefined)[] = []
  for (const list of located.lists) {
    const bytes = await files.read(list)
    if (!bytes) continue
    const posts = asPosts(JSON.parse(new TextDecoder().decode(bytes)))
    for (const [index, post] of posts.entries()) {
      const key = `${list}#${index}`
      const caption = decodeInstagramText(post.title ?? post.media[0]?.title ?? '').trim()
      if (caption.length > MAX_CAPTION_LENGTH) {
        plan.skipped.push({ uri: post.media[0]?.uri ?? key, reason: 'caption-too-long' })
        continue
      }
      const photos: ImportPhoto[] = []
      for (const media of post.media) {
        const photo = await readPhoto(files, located.root, media)
        if (typeof photo === 'string') plan.skipped.push({ uri: media.uri, reason: photo })
        else if (photos.length === MAX_CAROUSEL_PHOTOS)
          plan.skipped.push({ uri: media.uri, reason: 'too-many' })
        else photos.push(photo)
      }
      if (photos.length === 0) continue
      const location = locations.get(photos[0].uri)
      plan.posts.push({
        key,
        caption,
        ...(location ? { location } : {}),
        takenAt: undefined,
        photos
      })
      seconds.push(takenSeconds(post))
    }
  }
  takenDates(seconds).forEach((date, index) => (plan.posts[index].takenAt = date))
  return plan
}
