// The bridge's posts domain: images picked or dropped, the post being created with its
// renditions and progress, and "Download your information".

import type { Post } from '../domain'

/** An image as bytes, wherever it came from: a drop, a file input or the native dialog. */
export interface ImageFile {
  name: string
  type: string
  bytes: Uint8Array
}

/** What the renderer's image pipeline adds to a post: the grid rendition and layout hints. */
export interface PostRenditions {
  /** The square grid thumbnail (WebP or JPEG, ~320 px). */
  thumbnail: ImageFile
  /** Pixel size of `image` as uploaded, so cards reserve their space before it loads. */
  width: number
  height: number
  /** A thumbhash as base64: the blurred preview shown while the image loads. */
  placeholder: string | null
}

/** One photo of a post as the create-post modal hands it over. */
export interface PostPhotoInput {
  /** The feed rendition (≤ 1080 px wide), or the picked file itself when it could not be
   * processed (an animated GIF is uploaded as it is). */
  image: ImageFile
  /** Written in the create modal; empty for none. */
  altText: string
  /** Absent when the pipeline could not run; the photo then renders square, like older posts. */
  renditions?: PostRenditions
  /** A video item: the converted clip (MP4 or WebM) and its length; `image` is its poster. */
  video?: PostVideoInput
}

/** A converted video clip as the create-post modal hands it over. */
export interface PostVideoInput {
  file: ImageFile
  durationMs: number
  /** The clip's captions as a WebVTT file's text, checked when chosen; absent for none. */
  captions?: string
}

/** A post of one to ten photos, published all or nothing (one photo is a post of one). */
export interface CreatePostInput {
  /** The new post's id (a uuid the renderer chose): resending the same post never makes two. */
  id?: string
  caption: string
  /** Typed in the create modal, shown under the author's name; '' or absent for none. */
  location?: string
  /** In display order: the first is the one grids and older readers show. */
  photos: PostPhotoInput[]
  /** An imported post's original date (ISO 8601, in the past): it is made through import_post. */
  takenAt?: string
  /**
   * The account the post must be made as (a queued post's): refused when another account is
   * current by then, so a switch never publishes one account's post as another.
   */
  authorId?: string
}

/** How far "Download your information" is: photos written of all files (0 of 0 while reading). */
export interface ExportProgress {
  done: number
  total: number
}

/** What the finished archive holds. */
export interface ExportSummary {
  posts: number
  photos: number
  /** Photos the storage could no longer give (listed in the archive's missing_media.json). */
  missing: number
  bytes: number
}

/** Where a post being shared is, for the progress line in the create-post modal. */
export type CreatePostStage = 'processing' | 'uploading' | 'saving'

/** Picking images: a native dialog in the desktop app. */
/** What the native dialog lets the user choose: one file, or several (a post's carousel). */
export interface ImagePickRequest {
  multiple: boolean
}

export interface ImagesApi {
  /**
   * The native dialog in the desktop app: the files chosen, checked, in order (photos, or one
   * video); empty where there is no dialog (the browser) or on cancel.
   */
  pick(request: ImagePickRequest): Promise<ImageFile[]>
  /** Whether `pick` opens a native dialog; a browser uses a file input instead. */
  readonly hasNativeDialog: boolean
}

/** Creating a post of one to ten photos, with its progress. */
export interface PostsApi {
  /** One to ten photos (with alt text) in one post; all uploads are undone if any step fails. */
  create(input: CreatePostInput): Promise<Post>
  /** Stages after processing ('uploading', 'saving'); returns the unsubscribe function. */
  onProgress(listener: (stage: CreatePostStage) => void): () => void
  /** Bytes stored so far while the post's objects upload; returns the unsubscribe function. */
  onUploadProgress(listener: (progress: UploadProgress) => void): () => void
  /**
   * Stops the post of this id (CreatePostInput.id) while it uploads: its uploads stop, what they
   * stored is removed, and `create` rejects. Once it is being saved, it is made all the same.
   */
  cancel(postId: string): Promise<void>
}

/** How much of a post's objects has reached storage. */
export interface UploadProgress {
  sentBytes: number
  totalBytes: number
}

/** Writing the signed-in user's archive. */
export interface DataApi {
  /** Writes "your information" as a zip: to a file the user picks (desktop) or a download. */
  exportInformation(): Promise<ExportSummary | null>
  onExportProgress(listener: (progress: ExportProgress) => void): () => void
}
