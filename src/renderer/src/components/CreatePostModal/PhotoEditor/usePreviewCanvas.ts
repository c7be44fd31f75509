// Runs the live preview worker (imaging/previewWorker.ts) for the create screen: it owns a
// canvas inside the container it is given, opens the photos shown (and the first one, whose
// shape a carousel's "Original" crop takes), and asks for a paint on every change. Sizes are
// the originals', once each photo is decoded.

import { useEffect, useRef, useState, type RefObject } from 'react'
import { aspectRatio, type AspectId, type PhotoEdit } from '../../../imaging/edits'
import type { PreviewEvent, PreviewRequest } from '../../../imaging/previewWorker'
import type { DraftPhoto } from '../useDraftPhotos'

export interface PhotoSize {
  width: number
  height: number
  animated: boolean
}

export interface PreviewCanvas {
  /** Original sizes by draft key, known once the worker has decoded each photo. */
  sizes: ReadonlyMap<string, PhotoSize>
  /** Set when the worker could not open the shown photo. */
  failed: boolean
  /** The crop's width ÷ height, once the photos it depends on are decoded. */
  ratio: number | null
  /** The shown photo's original size, once decoded. */
  size: PhotoSize | null
  /** The canvas the preview paints in (for pointer maths). */
  canvas: RefObject<HTMLCanvasElement | null>
}

/** The canvas box for a crop of `ratio` inside a square of `side` CSS pixels. */
function boxFor(side: number, ratio: number): { width: number; height: number } {
  return ratio >= 1
    ? { width: side, height: Math.round(side / ratio) }
    : { width: Math.round(side * ratio), height: side }
}

export function usePreviewCanvas(
  container: RefObject<HTMLDivElement | null>,
  shown: DraftPhoto,
  first: DraftPhoto,
  aspect: AspectId,
  edit: PhotoEdit
): PreviewCanvas {
  const worker = useRef<Worker | null>(null)
  const canvas = useRef<HTMLCanvasElement | null>(null)
  const [sizes, setSizes] = useState<ReadonlyMap<string, PhotoSize>>(new Map())
  const [failedKey, setFailedKey] = useState<string | null>(null)
  const [side, setSide] = useState(0)

  // One worker and one canvas per create screen. The canvas is made here, not rendered by
  // React: control of a canvas can be handed to a worker only once.
  useEffect(() => {
    const host = container.current
    if (!host) return
    const element = document.createElement('canvas')
    element.setAttribute('aria-hidden', 'true')
    host.prepend(element)
    canvas.current = element
    const thread = new Worker(new URL('../../../imaging/previewWorker.ts', import.meta.url), {
      type: 'module'
    })
    worker.current = thread
    thread.onmessage = (event: MessageEvent<PreviewEvent>) => {
      const message = event.data
      if (message.op === 'opened') {
        const { key, width, height, animated } = message
        setSizes((known) => new Map(known).set(key, { width, height, animated }))
      } else if (message.op === 'failed') {
        setFailedKey(message.key)
      }
    }
    const offscreen = element.transferControlToOffscreen()
    thread.postMessage({ op: 'canvas', canvas: offscreen } satisfies PreviewRequest, [offscreen])
    const observer = new ResizeObserver(([entry]) => setSide(Math.floor(entry.contentRect.width)))
    observer.observe(host)
    return () => {
      observer.disconnect()
      thread.terminate()
      element.remove()
      worker.current = null
    }
  }, [container])

  const shownKey = shown.key
  const firstKey = first.key
  useEffect(() => {
    for (const photo of shownKey === firstKey ? [shown] : [shown, first]) {
      const { bytes, type } = photo.image
      worker.current?.postMessage({
        op: 'open',
        key: photo.key,
        bytes,
        type
      } satisfies PreviewRequest)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a photo's bytes never change
  }, [shownKey, firstKey])

  const size = sizes.get(shownKey) ?? null
  const firstSize = sizes.get(firstKey)
  // "Original" is the first photo's shape for every photo, as the network crops carousels.
  const ratio =
    aspect === 'original' && !firstSize
      ? null
      : aspectRatio(aspect, firstSize ? firstSize.width / firstSize.height : 1)
  useEffect(() => {
    const element = canvas.current
    if (!size || !element || side === 0 || ratio === null) return
    const box = boxFor(side, ratio)
    element.style.width = `${box.width}px`
    element.style.height = `${box.height}px`
    const scale = window.devicePixelRatio || 1
    worker.current?.postMessage({
      op: 'paint',
      key: shownKey,
      ratio,
      edit,
      width: Math.round(box.width * scale),
      height: Math.round(box.height * scale)
    } satisfies PreviewRequest)
  }, [size, side, ratio, edit, shownKey])

  return { sizes, failed: failedKey === shownKey, ratio, size, canvas }
}
