// The clip of a video post being made in Create: the file picked, a preview URL for it (revoked
// when the clip is replaced or Create closes), the trim and sound chosen, and its alt text.

import { useEffect, useState } from 'react'
import type { VideoEdits } from '../../video/convertVideo'

export interface DraftVideo {
  file: File
  url: string
  /** Known once the preview has read the clip's length. */
  edits: { edits: VideoEdits; durationMs: number } | null
  altText: string
}

export interface DraftVideoState {
  video: DraftVideo | null
  choose(file: File): void
  setEdits(edits: VideoEdits, durationMs: number): void
  setAltText(altText: string): void
  clear(): void
}

export function useDraftVideo(): DraftVideoState {
  const [video, setVideo] = useState<DraftVideo | null>(null)
  const url = video?.url
  useEffect(() => {
    if (!url) return
    return () => URL.revokeObjectURL(url)
  }, [url])
  return {
    video,
    choose: (file) => setVideo({ file, url: URL.createObjectURL(file), edits: null, altText: '' }),
    setEdits: (edits, durationMs) =>
      setVideo((current) => current && { ...current, edits: { edits, durationMs } }),
    setAltText: (altText) => setVideo((current) => current && { ...current, altText }),
    clear: () => setVideo(null)
  }
}
