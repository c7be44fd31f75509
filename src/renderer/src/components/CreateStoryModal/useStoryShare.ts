// Sharing a story from Create story: a photo goes through the image pipeline sized for the story
// frame; a clip is first converted by the video worker the posts use (its first 60 seconds, with
// or without sound), and its poster frame then goes through the same pipeline. The stage and the
// progress (converting, then uploading, with time left) are ShareProgress's; Cancel stops the
// conversion or the upload, whose stored objects the upload pipeline removes. A failure or a
// cancel keeps what was chosen and typed.

import { useRef, useState } from 'react'
import type { CreatePostStage, ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MAX_STORY_VIDEO_DURATION_MS } from '@shared/limits'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { STORY_FRAME } from '../../imaging/renditions'
import { useStores } from '../../store'
import type { SharingProgress } from '../../store/composer/composerStore'
import { convertVideo } from '../../video/convertVideo'
import { secondsLeft } from '../../video/videoPlan'
import type { ClipTrim } from '../CreatePostModal/TrimRange'

/** A picked clip: the file, and its length and the part kept once its preview has read it. */
export interface DraftClip {
  file: File
  durationMs: number | null
  trim: ClipTrim | null
  muted: boolean
}

export interface StoryDraft {
  image: ImageFile | null
  clip: DraftClip | null
  text: string
  closeFriendsOnly: boolean
}

/** The part of a clip a story keeps at first: its first minute, as the network's stories do. */
export function storyTrim(durationMs: number): { trimStartMs: number; trimEndMs: number } {
  return { trimStartMs: 0, trimEndMs: Math.min(durationMs, MAX_STORY_VIDEO_DURATION_MS) }
}

export interface StoryShare {
  stage: CreatePostStage | null
  progress: SharingProgress | null
  error: string | null
  setError(error: string | null): void
  share(draft: StoryDraft): Promise<void>
  cancel(): void
}

export function useStoryShare(now: () => number = Date.now): StoryShare {
  const { stories, ui } = useStores()
  const [stage, setStage] = useState<CreatePostStage | null>(null)
  const [progress, setProgress] = useState<SharingProgress | null>(null)
  const [error, setError] = useState<string | null>(null)
  const running = useRef<AbortController | null>(null)

  /** Reports a step's fraction with the time left, timed from the step's start. */
  const stepper = (step: SharingProgress['step']): ((fraction: number) => void) => {
    const started = now()
    setProgress({ step, fraction: 0, secondsLeft: null })
    return (fraction) =>
      setProgress({ step, fraction, secondsLeft: secondsLeft(fraction, now() - started) })
  }

  const share = async ({ image, clip, text, closeFriendsOnly }: StoryDraft): Promise<void> => {
    if (stage !== null || (!image && !clip)) return
    if (clip && clip.durationMs === null) return setError(MESSAGES.videoUnreadable)
    const controller = new AbortController()
    running.current = controller
    setStage('processing')
    setError(null)
    try {
      let photo: ImageFile
      let video: { bytes: Uint8Array; type: string; durationMs: number } | undefined
      if (clip) {
        const converted = await convertVideo(
          clip.file,
          { ...(clip.trim ?? storyTrim(clip.durationMs!)), muted: clip.muted },
          { signal: controller.signal, onProgress: stepper('converting') }
        )
        photo = converted.poster
        video = converted.video
      } else {
        photo = image!
      }
      setProgress(null)
      const processed = await processImage(photo, STORY_FRAME)
      if (controller.signal.aborted) throw new Error(MESSAGES.uploadCanceled)
      setStage('uploading')
      const uploaded = stepper('uploading')
      await stories.getState().postStory({
        ...processed,
        video,
        text,
        closeFriendsOnly,
        signal: controller.signal,
        onUploadProgress: (sent, total) => uploaded(total > 0 ? Math.min(1, sent / total) : 0)
      })
      ui.getState().closeModal()
    } catch (caught) {
      setError(controller.signal.aborted ? null : messageOr(caught, MESSAGES.createPostFailed))
      setStage(null)
      setProgress(null)
    } finally {
      if (running.current === controller) running.current = null
    }
  }

  return {
    stage,
    progress,
    error,
    setError,
    share,
    cancel: () => running.current?.abort()
  }
}
