// One share from the create-post modal while it is under way: the post's id, chosen before
// anything is sent so that Cancel can name the upload to stop; the conversion's AbortController;
// whether the person canceled; and the progress shown with its time left (the clip's conversion,
// then the upload of the post's objects).

import type { Api } from '@shared/bridge-contract'
import { newRowId } from '../../services/rules'
import { secondsLeft } from '../../video/videoPlan'

/** How far a share is: what is under way, the fraction done, seconds left once they can be told. */
export interface SharingProgress {
  step: 'converting' | 'uploading'
  fraction: number
  secondsLeft: number | null
}

export class SharingRun {
  /** The new post's id: the platform's upload is canceled by it. */
  readonly postId = newRowId()
  /** Aborted by Cancel; the video worker listens to it. */
  readonly conversion = new AbortController()
  private uploading = false

  constructor(
    private readonly api: Api,
    private readonly report: (progress: SharingProgress | null) => void,
    private readonly now: () => number
  ) {}

  get canceled(): boolean {
    return this.conversion.signal.aborted
  }

  /** Stops whatever is under way; an upload is stopped on the platform, which removes its parts. */
  cancel(): void {
    this.conversion.abort()
    if (this.uploading) void this.api.posts.cancel(this.postId).catch(() => undefined)
  }

  /** The conversion's progress, timed from when it started. */
  conversionProgress(): (fraction: number) => void {
    const started = this.now()
    this.report({ step: 'converting', fraction: 0, secondsLeft: null })
    return (fraction) =>
      this.report({
        step: 'converting',
        fraction,
        secondsLeft: secondsLeft(fraction, this.now() - started)
      })
  }

  /** Follows the upload's bytes from now; the answer stops following. */
  watchUpload(): () => void {
    this.uploading = true
    const started = this.now()
    this.report({ step: 'uploading', fraction: 0, secondsLeft: null })
    const stop = this.api.posts.onUploadProgress(({ sentBytes, totalBytes }) => {
      const fraction = totalBytes > 0 ? Math.min(1, sentBytes / totalBytes) : 0
      this.report({
        step: 'uploading',
        fraction,
        secondsLeft: secondsLeft(fraction, this.now() - started)
      })
    })
    return () => {
      this.uploading = false
      stop()
    }
  }
}
