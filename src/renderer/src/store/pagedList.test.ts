import { describe, expect, it } from 'vitest'
import type { Text } from '../i18n/phrase'
import { appendNew, pagedList, type PageOf } from './pagedList'

interface Asked {
  key: string
  after: number | null
  answer(page: PageOf<{ id: string }, number>): void
  refuse(error: Error): void
}

/** A list over a server whose every answer the test gives by hand, in any order. */
function harness() {
  const asked: Asked[] = []
  const state = {
    ids: [] as string[],
    next: null as number | null,
    status: 'idle',
    error: null as Text | null
  }
  const list = pagedList({
    read: (key: string, after: number | null) =>
      new Promise<PageOf<{ id: string }, number>>((answer, refuse) =>
        asked.push({ key, after, answer, refuse })
      ),
    cursor: () => state.next,
    loading(more) {
      if (!more) Object.assign(state, { ids: [], next: null })
      Object.assign(state, { status: 'loading', error: null })
    },
    arrived(page, more) {
      Object.assign(state, {
        ids: appendNew(more ? state.ids : [], page.items),
        next: page.next,
        status: 'ready'
      })
    },
    failed(error) {
      Object.assign(state, { status: 'failed', error })
    }
  })
  const page = (ids: string[], next: number | null) => ({ items: ids.map((id) => ({ id })), next })
  return { asked, state, list, page }
}

describe('pagedList', () => {
  it('reads the first page, then the next after its cursor, and nothing past the end', async () => {
    const { asked, state, list, page } = harness()
    const first = list.first('a')
    expect(state.status).toBe('loading')
    asked[0].answer(page(['1', '2'], 2))
    await first
    const more = list.more()
    expect(asked[1]).toMatchObject({ key: 'a', after: 2 })
    asked[1].answer(page(['2', '3'], null))
    await more
    expect(state).toMatchObject({ ids: ['1', '2', '3'], next: null, status: 'ready' })
    await list.more()
    expect(asked).toHaveLength(2)
  })

  it('asks once when "load more" is asked twice at once', async () => {
    const { asked, list, page } = harness()
    const first = list.first('a')
    asked[0].answer(page(['1'], 1))
    await first
    const one = list.more()
    const two = list.more()
    expect(list.busy()).toBe(true)
    expect(asked).toHaveLength(2)
    asked[1].answer(page(['2'], null))
    await Promise.all([one, two])
    expect(list.busy()).toBe(false)
  })

  it('drops a page that comes after the list was started again or reset', async () => {
    const { asked, state, list, page } = harness()
    const stale = list.first('a')
    const fresh = list.first('b')
    asked[1].answer(page(['b1'], null))
    await fresh
    asked[0].answer(page(['a1'], 9))
    await stale
    expect(state).toMatchObject({ ids: ['b1'], next: null })

    const late = list.first('c')
    list.reset()
    asked[2].answer(page(['c1'], 3))
    await late
    expect(state.ids).toEqual([])
    state.next = 5
    await list.more()
    expect(asked).toHaveLength(3)
  })

  it('keeps the loaded pages when a page fails, says so, and tries that page again', async () => {
    const { asked, state, list, page } = harness()
    const first = list.first('a')
    asked[0].answer(page(['1', '2'], 2))
    await first
    const failing = list.more()
    asked[1].refuse(new Error('The server is away.'))
    await failing
    expect(state).toMatchObject({
      ids: ['1', '2'],
      next: 2,
      status: 'failed',
      error: 'The server is away.'
    })
    const again = list.more()
    expect(asked[2]).toMatchObject({ key: 'a', after: 2 })
    asked[2].answer(page(['3'], null))
    await again
    expect(state).toMatchObject({ ids: ['1', '2', '3'], status: 'ready', error: null })
  })

  it('appends only ids not yet held', () => {
    expect(appendNew(['1', '2'], [{ id: '2' }, { id: '3' }, { id: '3' }])).toEqual(['1', '2', '3'])
  })
})
