// The foot of a list read a page at a time: the spinner while a page loads, and once it has,
// "Load more" while there is more to read.

import type { ReactElement } from 'react'
import { Spinner } from '../Spinner/Spinner'

export function LoadMore({
  status,
  hasMore,
  className,
  label,
  onMore
}: {
  /** The list's reading: 'loading' while a page is on its way, 'ready' once one has come. */
  status: string
  hasMore: boolean
  className: string
  label: string
  onMore(): void
}): ReactElement {
  return (
    <>
      {status === 'loading' && <Spinner />}
      {status === 'ready' && hasMore && (
        <button type="button" className={className} onClick={onMore}>
          {label}
        </button>
      )}
    </>
  )
}
