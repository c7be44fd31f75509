// An <img> that keeps working offline: online it loads its URL as usual and, once loaded,
// the image is saved in the offline cache; offline (or when the load fails, as at a cold start
// before the backend answers) it shows the saved copy through an object URL, released when no
// longer shown. Without an offline cache (component tests) it is a plain <img>.

import { useEffect, useState, type ImgHTMLAttributes, type ReactElement, type Ref } from 'react'
import { useConnectivity, useStores } from '../../store'
import type { ImageCache } from '../../offline/cache/imageCache'

/** Object URLs of saved images on screen, shared by every <img> that shows the same image. */
const shown = new Map<string, { objectUrl: Promise<string | null>; users: number }>()

function acquire(images: ImageCache, url: string): Promise<string | null> {
  let entry = shown.get(url)
  if (!entry) {
    const objectUrl = images.get(url).then(
      (blob) => (blob ? URL.createObjectURL(blob) : null),
      () => null
    )
    entry = { objectUrl, users: 0 }
    shown.set(url, entry)
  }
  entry.users += 1
  return entry.objectUrl
}

function release(url: string): void {
  const entry = shown.get(url)
  if (!entry || --entry.users > 0) return
  shown.delete(url)
  void entry.objectUrl.then((objectUrl) => objectUrl && URL.revokeObjectURL(objectUrl))
}

export type CachedImgProps = ImgHTMLAttributes<HTMLImageElement> & {
  src?: string
  ref?: Ref<HTMLImageElement>
}

export function CachedImg({ src, onLoad, onError, ...rest }: CachedImgProps): ReactElement {
  const { offlineCache, imageRecorder } = useStores()
  const offline = useConnectivity((state) => state.status === 'offline')
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const [saved, setSaved] = useState<{ src: string; objectUrl: string } | null>(null)
  const images = offlineCache?.images ?? null
  const showSaved = images !== null && !!src && (offline || failedSrc === src)

  // Back online: a load that failed is tried again from the network (state adjusted while
  // rendering, as React recommends for state derived from a changed value).
  const [wasOffline, setWasOffline] = useState(offline)
  if (wasOffline !== offline) {
    setWasOffline(offline)
    if (!offline) setFailedSrc(null)
  }

  useEffect(() => {
    if (!showSaved || !images || !src) return
    let current = true
    void acquire(images, src).then((objectUrl) => {
      if (current && objectUrl) setSaved({ src, objectUrl })
    })
    return () => {
      current = false
      release(src)
    }
  }, [showSaved, images, src])

  if (!images) return <img src={src} onLoad={onLoad} onError={onError} {...rest} />
  const savedUrl = saved && saved.src === src ? saved.objectUrl : undefined
  return (
    <img
      {...rest}
      // CORS mode, so the recorder may read the same response back from the HTTP cache.
      crossOrigin="anonymous"
      src={showSaved ? savedUrl : src}
      data-offline={showSaved && savedUrl ? 'saved' : undefined}
      onLoad={(event) => {
        if (!showSaved && src) imageRecorder?.remember(src)
        onLoad?.(event)
      }}
      onError={(event) => {
        if (!showSaved && src) setFailedSrc(src)
        onError?.(event)
      }}
    />
  )
}
