// A clip's captions switch, for the feed's player and Reels alike: its track shows at first and
// the CC button hides or shows it (docs/product.md, "Create a post": "shown with CC").

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { Captions, CaptionsOff } from 'lucide-react'
import { useT } from '../../i18n'

export interface CaptionsState {
  /** The video's captions <track> (null without captions): its mode follows `shown`. */
  track: ReactElement | null
  shown: boolean
  toggle(): void
}

export function useCaptions(captionsUrl: string | null | undefined): CaptionsState {
  const t = useT()
  const trackRef = useRef<HTMLTrackElement>(null)
  const [shown, setShown] = useState(true)
  useEffect(() => {
    const track = trackRef.current?.track
    if (track) track.mode = shown ? 'showing' : 'hidden'
  }, [shown, captionsUrl])
  const track = captionsUrl ? (
    <track ref={trackRef} kind="captions" src={captionsUrl} label={t('video.captions')} default />
  ) : null
  return { track, shown, toggle: () => setShown((on) => !on) }
}

export function CaptionsButton({
  shown,
  onToggle,
  className,
  size = 16
}: {
  shown: boolean
  onToggle(): void
  className: string
  size?: number
}): ReactElement {
  const t = useT()
  return (
    <button
      type="button"
      className={className}
      aria-label={shown ? t('video.hideCaptions') : t('video.showCaptions')}
      aria-pressed={shown}
      onClick={(event) => {
        // Over a clip whose own click is the sound's or playing's.
        event.stopPropagation()
        onToggle()
      }}
    >
      {shown ? <Captions size={size} aria-hidden /> : <CaptionsOff size={size} aria-hidden />}
    </button>
  )
}
