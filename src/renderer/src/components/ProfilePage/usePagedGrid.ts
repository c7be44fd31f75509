// A profile tab's own grid of posts (its Reels, its Tagged): the first page on arrival (again
// from the start when the read changes), the next as the grid's end comes near, the posts into
// the post store and their ids in order; a failure keeps what was read and says why.

import { useCallback, useEffect, useState, type RefObject } from 'react'
import type { Post } from '@shared/domain'
import { messageOr } from '@shared/errors'
import type { Page, PageCursor } from '../../services/types'
import { useStores } from '../../store'
import { useEndSentinel } from '../../hooks/useEndSentinel'

interface GridState {
  ids: string[]
  next: PageCursor | null
  status: 'loading' | 'ready' | 'failed'
  /** The failure's message ('' when it had none). */
  error: string | null
}

const START: GridState = { ids: [], next: null, status: 'loading', error: null }

export interface PagedGrid extends Omit<GridState, 'next'> {
  /** Put at the grid's end: the next page is read as it comes near. */
  sentinel: RefObject<HTMLDivElement | null>
  /** Reads the first page again (after a failure). */
  retry(): void
}

/** `read` (memoised: a new one starts over) reads the page after `after`, the first when null. */
export function usePagedGrid(read: (after: PageCursor | null) => Promise<Page<Post>>): PagedGrid {
  const { posts } = useStores()
  const [state, setState] = useState<GridState>(START)

  /** Reads the page after `after` into the grid, unless `live` ended. */
  const load = useCallback(
    async (after: PageCursor | null, signal: { live: boolean }): Promise<void> => {
      setState((current) => ({ ...current, status: 'loading', error: null }))
      const mark = posts.getState().readMark()
      try {
        const page = await read(after)
        if (!signal.live) return
        posts.getState().put(page.items, mark)
        const ids = page.items.map((post) => post.id)
        setState((current) => ({
          ids: after ? [...current.ids, ...ids] : ids,
          next: page.next,
          status: 'ready',
          error: null
        }))
      } catch (error) {
        if (!signal.live) return
        setState((current) => ({ ...current, status: 'failed', error: messageOr(error, '') }))
      }
    },
    [read, posts]
  )

  useEffect(() => {
    const signal = { live: true }
    setState(START)
    void load(null, signal)
    return () => {
      signal.live = false
    }
  }, [load])

  const loadMore = useCallback(() => {
    if (state.next) void load(state.next, { live: true })
  }, [load, state.next])
  const sentinel = useEndSentinel(
    loadMore,
    state.status === 'ready' && state.next !== null,
    state.ids.length
  )
  const retry = useCallback(() => void load(null, { live: true }), [load])

  return { ids: state.ids, status: state.status, error: state.error, sentinel, retry }
}
