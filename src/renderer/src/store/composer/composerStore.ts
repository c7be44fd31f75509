// Sharing from the create-post modal (docs/product.md, "Create a post"), as a store the modal
// makes for each opening: the people tags are checked first, then every item is made ready
// (prepareItems.ts: photos processed with the editor's crop and look, clips converted with
// their trim and sound, their posters processed as photos), the post is made through the feed
// (sent, or queued offline), the switches chosen under Advanced settings are set on it and the
// people tagged on it are added. The stages show as the platform reports them, and a clip's
// conversion with its time left. A failure keeps everything for a retry and says why; once
// shared, the modal's fields are emptied (its saved draft goes) and it closes. Cancel stops a
// share until it is being saved: the conversion, or the upload (stopped on the platform, which
// removes what it stored); nothing typed is lost (sharingRun.ts).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CreatePostStage } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { peopleTagsProblem } from '../../services/peopleTagRules'
import type { NewPeopleTag, PostControls } from '../../services/types'
import type { AppStores } from '../appStores'
import type { FeedState } from '../feed/feedTypes'
import { convertVideo as convertInWorker, type ConvertVideo } from '../../video/convertVideo'
import { clipsProblem, prepareItems, type ComposerItem, type ProcessPhoto } from './prepareItems'
import { SharingRun, type SharingProgress } from './sharingRun'
import { errorText, phrase, type Text } from '../../i18n/phrase'

export type { SharingProgress } from './sharingRun'
export type { ComposerClip, ComposerItem, ComposerPhoto, ProcessPhoto } from './prepareItems'

export interface ShareRequest {
  /** Photos and clips in the post's order (up to ten). */
  items: readonly ComposerItem[]
  caption: string
  location: string
  tags: NewPeopleTag[]
  /** The switches chosen under Advanced settings; null when none is on. */
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

      async share({ items, caption, location, tags, controls: chosen }, onShared) {
        if (items.length === 0 || get().stage !== null) return
        const problem = peopleTagsProblem(tags) ?? clipsProblem(items)
        if (problem) return set({ error: problem })
        const { run, stopListening } = begin()
        try {
          const photos = await prepareItems(items, {
            process,
            convert,
            signal: run.conversion.signal,
            onConversion: () => run.conversionProgress()
          })
          set({ progress: null })
          const created = await upload(run, { caption, location, photos })
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
