// Sharing from the create-post modal (docs/product.md, "Create a post"), as a store the modal
// makes for each opening: the people tags are checked first, then every photo is processed
// (renditions in a worker, with the editor's crop and look), the post is made through the
// feed (sent, or queued offline), the switches chosen under Advanced settings are set on it and
// the people tagged on it are added. The stages show as the platform reports them. A failure
// keeps everything for a retry and says why; once shared, the modal's fields are emptied (its
// saved draft goes) and it closes. A video post (shareVideo) is converted first (trimmed, scaled,
// muted or not, in a worker), with progress and time left; its poster frame then goes
// through the photo pipeline like any photo, and the clip and poster are posted together. Cancel
// stops a share of either kind until it is being saved: the conversion, or the upload (stopped on
// the platform, which removes what it stored); nothing typed is lost (sharingRun.ts).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { PhotoEditError, processImage, type ProcessedImage } from '../../imaging/processImage'
import type { RenditionEdit } from '../../imaging/renditions'
import { peopleTagsProblem } from '../../services/peopleTagRules'
import type { NewPeopleTag, PostControls } from '../../services/types'
import type { AppStores } from '../appStores'
import type { FeedState } from '../feed/feedTypes'
import {
  convertVideo as convertInWorker,
  type ConvertVideo,
  type VideoEdits
} from '../../video/convertVideo'
import { trimProblem } from '../../video/videoPlan'
import { SharingRun, type SharingProgress } from './sharingRun'
import { errorText, phrase, type Text } from '../phrase'

export type { SharingProgress } from './sharingRun'

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

export interface ComposerState {
  /** Where a share is; null while nothing is being shared. */
  stage: CreatePostStage | null
  /** What went wrong last (a refused file, a failed share), shown above Share. */
  error: string | null
  setError(error: string | null): void
  /** Shares the post; `onShared` empties the modal's fields before it closes. */
  share(request: ShareRequest, onShared: () => void): Promise<void>
  /** While a clip converts or the post uploads; null otherwise. */
  progress: SharingProgress | null
  /** Converts the clip, then shares it with its poster as a video post. */
  shareVideo(request: VideoShareRequest, onShared: () => void): Promise<void>
  /**
   * Stops a share before it is saved: the conversion, the photos' processing or the upload
   * (whose stored parts the platform removes). What was chosen and typed stays for another try.
   */
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
  let running: SharingRun | null = null
  const { api, feed, peopleTags, controls, posts, toast, ui } = stores
  const notify = (message: Text): void => toast.getState().show(message)

  /** The post is shared whatever happens to its switches: a failure is said, not hidden. */
  async function applyControls(postId: string, chosen: PostControls): Promise<void> {
    try {
      await controls.getState().setPostControls(postId, chosen)
      posts.getState().patch(postId, (current) => ({ ...current, ...chosen }))
    } catch (caught) {
      notify(errorText(caught, phrase('create.settingsNotSaved')))
    }
  }

  return createStore<ComposerState>()((set, get) => {
    /** A share starts: its run, the stage, and the platform's stages followed. */
    const begin = (): { run: SharingRun; stopListening: () => void } => {
      const run = new SharingRun(api, (progress) => set({ progress }), now)
      running = run
      set({ stage: 'processing', error: null, progress: null })
      return { run, stopListening: api.posts.onProgress((stage) => set({ stage })) }
    }

    /** Uploads and saves the post under the run's id, unless canceled before it goes. */
    const upload = async (
      run: SharingRun,
      input: Omit<Parameters<FeedState['createPost']>[0], 'id'>
    ): Promise<Post> => {
      if (run.canceled) throw new Error(MESSAGES.uploadCanceled)
      set({ stage: 'uploading' })
      const stopWatching = run.watchUpload()
      try {
        return await feed.getState().createPost({ ...input, id: run.postId })
      } finally {
        stopWatching()
      }
    }

    /** Shared: the fields empty and the modal closes. Failed: said, unless it was canceled. */
    const finish = (run: SharingRun, caught?: unknown): void => {
      if (running === run) running = null
      if (caught === undefined) return set({ stage: null, progress: null })
      const error = run.canceled ? null : messageOr(caught, MESSAGES.createPostFailed)
      set({ error, stage: null, progress: null })
    }

    return {
      stage: null,
      error: null,
      progress: null,
      setError: (error) => set({ error }),
      cancel: () => running?.cancel(),

      async shareVideo(request, onShared) {
        if (get().stage !== null) return
        const problem = trimProblem(
          { startMs: request.edits.trimStartMs, endMs: request.edits.trimEndMs },
          request.durationMs
        )
        if (problem) return set({ error: problem })
        const { run, stopListening } = begin()
        try {
          const converted = await convert(request.file, request.edits, {
            signal: run.conversion.signal,
            onProgress: run.conversionProgress()
          })
          set({ progress: null })
          // The poster is a photo like any other: its feed rendition, thumbnail and placeholder.
          const poster = await process(converted.poster, undefined)
          const { bytes, type, durationMs } = converted.video
          const created = await upload(run, {
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
          finish(run)
          ui.getState().closeModal()
        } catch (caught) {
          finish(run, caught)
        } finally {
          stopListening()
        }
      },

      async share({ photos, caption, location, tags, controls: chosen }, onShared) {
        if (photos.length === 0 || get().stage !== null) return
        const tagsProblem = peopleTagsProblem(tags)
        if (tagsProblem) return set({ error: tagsProblem })
        const { run, stopListening } = begin()
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
          const created = await upload(run, {
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
          finish(run)
          ui.getState().closeModal()
        } catch (caught) {
          finish(run, caught)
        } finally {
          stopListening()
        }
      }
    }
  })
}
