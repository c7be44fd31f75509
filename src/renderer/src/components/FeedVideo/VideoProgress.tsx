// How far a clip has played, as a bar the clip's player draws over it (a feed video's, a reel's).

import type { ReactElement } from 'react'

export function VideoProgress({
  progress,
  label,
  className,
  fillClassName
}: {
  /** From 0 to 1. */
  progress: number
  label: string
  className: string
  fillClassName: string
}): ReactElement {
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div className={fillClassName} style={{ width: `${progress * 100}%` }} />
    </div>
  )
}
