// Saves the images the user is shown, in the background, without downloading them twice: the
// <img> loads from the network as usual (with CORS, so its response can be read), and once it
// has loaded the bytes are read again with `cache: 'force-cache'`, which the browser answers
// from its HTTP cache. One image at a time, when the page is idle, so scrolling stays smooth.

import type { ImageCache } from './imageCache'

export interface ImageRecorder {
  /** Queues `url` to be saved (once per session; an image saved earlier is only touched). */
  remember(url: string): void
  /** Resolves when everything queued so far has been handled (tests, the bench). */
  idle(): Promise<void>
}

type Idle = (callback: () => void) => void

const whenIdle: Idle =
  typeof requestIdleCallback === 'function'
    ? (callback) => requestIdleCallback(callback, { timeout: 2000 })
    : (callback) => setTimeout(callback, 0)

export function createImageRecorder(
  images: ImageCache,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  idle: Idle = whenIdle
): ImageRecorder {
  const seen = new Set<string>()
  let seenSince = images.clears
  let queue: Promise<void> = Promise.resolve()

  async function save(url: string): Promise<void> {
    // Already saved: reading it marks it as just used, which is all the eviction order needs.
    if (await images.get(url)) return
    const response = await fetchImpl(url, { cache: 'force-cache' })
    if (!response.ok) return
    await images.put(url, await response.blob())
  }

  return {
    remember(url) {
      // The cache was cleared ("Clear cache", sign-out): images shown again are saved again.
      if (seenSince !== images.clears) {
        seen.clear()
        seenSince = images.clears
      }
      if (seen.has(url) || !/^https?:/.test(url)) return
      seen.add(url)
      const since = images.clears
      queue = queue.then(
        () =>
          new Promise<void>((resolve) =>
            idle(() => {
              // Cleared meanwhile (sign-out): what was shown before must not come back.
              if (images.clears !== since) return resolve()
              save(url).then(resolve, (error: unknown) => {
                // A failed save costs only the offline copy; try again next session.
                seen.delete(url)
                console.warn('Could not save an image for offline use', error)
                resolve()
              })
            })
          )
      )
    },
    idle: () => queue
  }
}
