// The frame of a browse page (a hashtag's, a place's): Back, what the page draws, and "Load more"
// for the next page of its posts; the browse store opens the page and closes it when it goes.

import { useEffect, type ReactElement, type ReactNode } from 'react'
import { ArrowLeft } from 'lucide-react'
import type { BrowsePage } from '../../store/browse/browseStore'
import { useBrowse, useStores } from '../../store'
import { useMessage } from '../../i18n/messages'
import styles from './BrowseView.module.scss'

export function BrowseFrame({
  page,
  backLabel,
  moreLabel,
  children
}: {
  /** The page to open: a hashtag's or a place's (it opens again when its tag or place changes). */
  page: BrowsePage
  backLabel: string
  moreLabel: string
  /** What the page draws, once the store holds it. */
  children(): ReactNode
}): ReactElement | null {
  const { browse, router } = useStores()
  const status = useBrowse((state) => state.status)
  const hasMore = useBrowse((state) => state.next !== null)
  const open = page.kind === 'tag' ? page.tag : page.placeId
  const shown = useBrowse((state) => state.page?.kind === page.kind)
  useEffect(() => {
    const state = browse.getState()
    void (page.kind === 'tag' ? state.openTag(open) : state.openPlace(open))
    return () => browse.getState().close()
  }, [browse, page.kind, open])
  if (!shown) return null

  return (
    <main className={styles.page}>
      <div className={styles.topBar}>
        <button
          type="button"
          className={styles.back}
          aria-label={backLabel}
          onClick={() => router.getState().back()}
        >
          <ArrowLeft size={24} aria-hidden className="rtl-mirror" />
        </button>
      </div>
      {children()}
      {/* A place found missing offers no more of its posts. */}
      {hasMore && status !== 'missing' && (
        <button
          type="button"
          className={styles.more}
          disabled={status === 'loading'}
          onClick={() => void browse.getState().loadMore()}
        >
          {moreLabel}
        </button>
      )}
    </main>
  )
}

/** The page's posts could not be read: why, in words. */
export function BrowseError(): ReactElement {
  const message = useMessage()
  const error = useBrowse((state) => state.error)
  return (
    <p className={styles.error} role="alert">
      {message(error ?? '')}
    </p>
  )
}
