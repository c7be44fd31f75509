// Sharing from the create-post modal (docs/product.md, "Create a post"), as a store the modal
// makes for each opening: the people tags are checked first, then every photo is processed
// (renditions in a worker, with the editor's crop and look), the post is made through the
// feed (sent, or queued offline), the switches chosen under Advanced settings are set on it and
// the people tagged on it are added. The stages show as the platform reports them. A failure
// keeps everything for a retry and says why; once shared, the modal's fields are emptied (its
// saved draft goes) and it closes. A video post (shareVideo) is converted first (trimmed, scaled,
// muted or not, in a worker), with progress, time left and Cancel; its poster frame then goes
// through the photo pipeline like any photo, and the clip and poster are posted together.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { PhotoEditError, processImage, type ProcessedImage } from '../../imaging/processImage'
import type { RenditionEdit } from '../../imaging/renditions'
import { peopleTagsProblem } from '../../services/peopleTagRules'
import type { NewPeopleTag, PostControls } from '../../services/types'
import type { AppStores } from '../appStores'
import {
  convertVideo as convertInWorker,
  VideoCanceledError,
  type ConvertVideo,
  type VideoEdits
} from '../../video/convertVideo'
import { secondsLeft, trimProblem } from '../../video/videoPlan'

/** One photo to share: the checked bytes, its alt text, and what the editor did to it. */
export interface ComposerPhoto {
  image: ImageFile
  altText: string
  edit?: RenditionEdit
}

export interface ShareRequest {
  photos: readonly ComposerPhoto[]
  caption: string
  location: string
  tags: NewPeopleTag[]
  /** The switches chosen under Advanced settings; null when none is on. */
  controls: PostControls | null
}

/** One clip to share: the picked file, its trim and sound, and the post's fields. */
export interface VideoShareRequest {
  file: Blob
  /** The picked clip's whole length, as its preview read it. */
  durationMs: number
  edits: VideoEdits
  altText: string
  caption: string
  location: string
  controls: PostControls | null
}

/** How far a clip's conversion is: a fraction, and seconds left once they can be told. */
export interface ConversionProgress {
  fraction: number
  secondsLeft: number | null
}

export interface ComposerState {
  /** Where a share is; null while nothing is being shared. */
  stage: CreatePostStage | null
  /** What went wrong last (a refused file, a failed share), shown above Share. */
  error: string | null
  setError(error: string | null): void
  /** Shares the post; `onShared` empties the modal's fields before it closes. */
  share(request: ShareRequest, onShared: () => void): Promise<void>
  /** While a clip converts; null otherwise. */
  conversion: ConversionProgress | null
  /** Converts the clip, then shares it with its poster as a video post. */
  shareVideo(request: VideoShareRequest, onShared: () => void): Promise<void>
  /** Stops a conversion under way; the clip and the fields stay for another try. */
  cancel(): void
}

export type ComposerStore = StoreApi<ComposerState>

export type ComposerStores = Pick<
  AppStores,
  'api' | 'feed' | 'peopleTags' | 'controls' | 'posts' | 'toast' | 'ui'
>

/** Makes the renditions of one photo (imaging/processImage.ts, or a test's stand-in). */
export type ProcessPhoto = (
  image: ImageFile,
  edit: RenditionEdit | undefined
) => Promise<ProcessedImage>

const processPhoto: ProcessPhoto = (image, edit) => processImage(image, undefined, edit)

export function createComposerStore(
  stores: ComposerStores,
  process: ProcessPhoto = processPhoto,
  convert: ConvertVideo = convertInWorker,
  now: () => number = Date.now
): ComposerStore {
  let converting: AbortController | null = null
  const { api, feed, peopleTags, controls, posts, toast, ui } = stores
  const notify = (message: string): void => toast.getState().show(message)

  /** The post is shared whatever happens to its switches: a failure is said, not hidden. */
  async function applyControls(postId: string, chosen: PostControls): Promise<void> {
    try {
      await controls.getState().setPostControls(postId, chosen)
      posts.getState().patch(postId, (current) => ({ ...current, ...chosen }))
    } catch (caught) {
      notify(messageOr(caught, "Your post was shared, but its settings weren't saved"))
    }
  }

  return createStore<ComposerState>()((set, get) => ({
    stage: null,
    error: null,
    conversion: null,
    setError: (error) => set({ error }),
    cancel: () => converting?.abort(),

    async shareVideo(request, onShared) {
      if (get().stage !== null) return
      const problem = trimProblem(
        { startMs: request.edits.trimStartMs, endMs: request.edits.trimEndMs },
        request.durationMs
      )
      if (problem) return set({ error: problem })
      const abort = new AbortController()
      converting = abort
      const started = now()
      set({ stage: 'processing', error: null, conversion: { fraction: 0, secondsLeft: null } })
      const stopListening = api.posts.onProgress((stage) => set({ stage }))
      try {
        const converted = await convert(request.file, request.edits, {
          signal: abort.signal,
          onProgress: (fraction) =>
            set({ conversion: { fraction, secondsLeft: secondsLeft(fraction, now() - started) } })
        })
        converting = null
        set({ conversion: null })
        // The poster is a photo like any other: its feed rendition, thumbnail and placeholder.
        const poster = await process(converted.poster, undefined)
        const { bytes, type, durationMs } = converted.video
        set({ stage: 'uploading' })
        const created = await feed.getState().createPost({
          caption: request.caption,
          location: request.location,
          photos: [
            {
              ...poster,
              altText: request.altText,
              video: { file: { name: `video.${type.split('/')[1]}`, type, bytes }, durationMs }
            }
          ]
        })
        if (request.controls) await applyControls(created.id, request.controls)
        onShared()
        set({ stage: null })
        ui.getState().closeModal()
      } catch (caught) {
        const canceled = caught instanceof VideoCanceledError
        set({
          error: canceled ? null : messageOr(caught, MESSAGES.createPostFailed),
          stage: null,
          conversion: null
        })
      } finally {
        converting = null
        stopListening()
      }
    },

    async share({ photos, caption, location, tags, controls: chosen }, onShared) {
      if (photos.length === 0 || get().stage !== null) return
      const tagsProblem = peopleTagsProblem(tags)
      if (tagsProblem) return set({ error: tagsProblem })
      set({ stage: 'processing', error: null })
      const stopListening = api.posts.onProgress((stage) => set({ stage }))
      try {
        // The 10 MB and image-type rules were checked on the picked files; what is uploaded is
        // the smaller re-encode (or, when none can be made, the picked file stripped of its
        // metadata).
        const processed = await Promise.all(
          photos.map((photo, index) =>
            process(photo.image, photo.edit).catch((caught: unknown) => {
              if (caught instanceof PhotoEditError)
                throw new Error(MESSAGES.photoEditFailed(index + 1))
              throw caught
            })
          )
        )
        set({ stage: 'uploading' })
        const created = await feed.getState().createPost({
          caption,
          location,
          photos: processed.map((item, i) => ({ ...item, altText: photos[i].altText }))
        })
        if (chosen) await applyControls(created.id, chosen)
        // The post is shared whatever happens to its tags; a failure is said, not hidden.
        await peopleTags
          .getState()
          .add(created.id, tags)
          .catch((caught: unknown) => notify(messageOr(caught, MESSAGES.peopleTagsFailed)))
        onShared()
        set({ stage: null })
        ui.getState().closeModal()
      } catch (caught) {
        set({ error: messageOr(caught, MESSAGES.createPostFailed), stage: null })
      } finally {
        stopListening()
      }
    }
  }))
}
