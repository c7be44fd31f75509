// A post's items made ready to upload, in their order: each photo processed (renditions in a
// worker, with the editor's crop and look), each clip converted (trimmed, scaled, muted or not,
// one worker at a time) and its poster frame processed like any photo. The clips' conversion is
// one progress for the whole post, weighted by how long each kept part is. Nothing is uploaded
// here: the post goes up all or nothing once every item is ready.

import type { ImageFile, PostPhotoInput } from '@shared/bridge-contract'
import { MESSAGES } from '@shared/messages'
import { PhotoEditError, type ProcessedImage } from '../../imaging/processImage'
import type { RenditionEdit } from '../../imaging/renditions'
import type { ConvertVideo, VideoEdits } from '../../video/convertVideo'
import { trimProblem } from '../../video/videoPlan'

/** One photo to share: the checked bytes, its alt text, and what the editor did to it. */
export interface ComposerPhoto {
  image: ImageFile
  altText: string
  edit?: RenditionEdit
  clip?: undefined
}

/** One clip to share: the picked file, its whole length as its preview read it, trim and sound. */
export interface ComposerClip {
  clip: {
    file: Blob
    durationMs: number
    edits: VideoEdits
    /** A WebVTT file's text, checked when it was chosen; absent for none. */
    captions?: string
  }
  altText: string
}

export type ComposerItem = ComposerPhoto | ComposerClip

/** Makes the renditions of one photo (imaging/processImage.ts, or a test's stand-in). */
export type ProcessPhoto = (
  image: ImageFile,
  edit: RenditionEdit | undefined
) => Promise<ProcessedImage>

export interface PrepareDeps {
  process: ProcessPhoto
  convert: ConvertVideo
  signal: AbortSignal
  /** The whole post's conversion, as a fraction; called only when the post has clips. */
  onConversion?(): (fraction: number) => void
}

/** The first clip whose trim cannot be posted, said; null when every clip may go. */
export function clipsProblem(items: readonly ComposerItem[]): string | null {
  for (const item of items) {
    if (!item.clip) continue
    const { edits, durationMs } = item.clip
    const problem = trimProblem({ startMs: edits.trimStartMs, endMs: edits.trimEndMs }, durationMs)
    if (problem) return problem
  }
  return null
}

const keptMs = ({ clip }: ComposerClip): number =>
  Math.max(1, clip.edits.trimEndMs - clip.edits.trimStartMs)

const isClip = (item: ComposerItem): item is ComposerClip => item.clip !== undefined

/** Every item ready to upload, in order; throws the first failure (the post is not sent). */
export async function prepareItems(
  items: readonly ComposerItem[],
  { process, convert, signal, onConversion }: PrepareDeps
): Promise<PostPhotoInput[]> {
  const clips = items.filter(isClip)
  const totalMs = clips.reduce((sum, clip) => sum + keptMs(clip), 0)
  const report = clips.length > 0 ? onConversion?.() : undefined
  let doneMs = 0

  // Clips one after another: each conversion already keeps the machine busy.
  const converted = new Map<ComposerClip, Awaited<ReturnType<ConvertVideo>>>()
  for (const item of clips) {
    const share = keptMs(item)
    const result = await convert(item.clip.file, item.clip.edits, {
      signal,
      onProgress: (fraction) => report?.((doneMs + fraction * share) / totalMs)
    })
    doneMs += share
    converted.set(item, result)
  }

  // The 10 MB and image-type rules were checked on the picked files; what is uploaded is the
  // smaller re-encode (or, when none can be made, the picked file stripped of its metadata).
  return Promise.all(
    items.map(async (item, index): Promise<PostPhotoInput> => {
      if (isClip(item)) {
        const { video, poster } = converted.get(item)!
        // The poster is a photo like any other: its feed rendition, thumbnail and placeholder.
        const processed = await process(poster, undefined)
        const { bytes, type, durationMs } = video
        const { captions } = item.clip
        return {
          ...processed,
          altText: item.altText,
          video: {
            file: { name: `video.${type.split('/')[1]}`, type, bytes },
            durationMs,
            ...(captions === undefined ? {} : { captions })
          }
        }
      }
      const processed = await process(item.image, item.edit).catch((caught: unknown) => {
        if (caught instanceof PhotoEditError) throw new Error(MESSAGES.photoEditFailed(index + 1))
        throw caught
      })
      return { ...processed, altText: item.altText }
    })
  )
}
