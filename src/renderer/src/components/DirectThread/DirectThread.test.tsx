// The thread's windowed history in jsdom, with a small fake layout (jsdom lays nothing out): the
// history is a 600 px viewport, each row is its estimated 40 px, and the list sits at the top of
// the history's content. A 10,000-message thread opens at its last message with a few dozen rows
// mounted, pages going in or dropping out at either end of the held window keep the rows on
// screen where they were, and "New messages ↓" (far up) goes back to the newest page.

import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { DirectMessage } from '@shared/data/direct/types'
import { StoresProvider } from '../../store'
import type { OpenThread } from '../../store/direct/directTypes'
import { createHarness, signedIn } from '../../testing/fakes'
import { makeDirectMessage } from '../../testing/factories'
import { DirectThread } from './DirectThread'

const VIEWPORT = 600
const ROW = 40

function message(n: number): DirectMessage {
  return makeDirectMessage({
    id: `m${n}`,
    sender_id: n % 2 ? 'ana' : 'me',
    body: `message ${n}`,
    created_at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString()
  })
}

/** Newest first, as a history page is. */
const page = (from: number, to: number): DirectMessage[] =>
  Array.from({ length: to - from + 1 }, (_, i) => message(to - i))

const history = (): HTMLElement => screen.getByTestId('direct-history')
const list = (): HTMLElement => screen.getByRole('list', { name: 'Messages' })
const mounted = (): string[] =>
  Array.from(list().querySelectorAll('[data-message-id]')).map(
    (row) => (row as HTMLElement).dataset.messageId ?? ''
  )

const saved: PropertyDescriptor[] = []
const originalRect = HTMLElement.prototype.getBoundingClientRect
const fakeLayout = {
  scrollHeight(element: HTMLElement): number {
    const ol = element.querySelector('ol')
    if (!ol) return 0
    const rows = ol.querySelectorAll('[data-message-id]').length
    return (
      parseFloat(ol.style.paddingTop || '0') +
      parseFloat(ol.style.paddingBottom || '0') +
      rows * ROW
    )
  }
}

beforeEach(() => {
  const proto = HTMLElement.prototype
  saved.push(
    Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
    Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!
  )
  const isHistory = (element: HTMLElement): boolean => element.dataset.testid === 'direct-history'
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isHistory(this) ? VIEWPORT : 0
    }
  })
  Object.defineProperty(Element.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isHistory(this) ? fakeLayout.scrollHeight(this) : 0
    }
  })
  proto.scrollTo = function (this: HTMLElement, options?: ScrollToOptions | number) {
    const top = typeof options === 'number' ? 0 : (options?.top ?? 0)
    this.scrollTop = Math.max(0, Math.min(top, fakeLayout.scrollHeight(this) - VIEWPORT))
    this.dispatchEvent(new Event('scroll'))
  } as typeof proto.scrollTo
  proto.getBoundingClientRect = function (this: HTMLElement) {
    const top = this.tagName === 'OL' ? -(this.parentElement?.scrollTop ?? 0) : 0
    return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top } as DOMRect
  }
})

afterEach(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', saved[0])
  HTMLElement.prototype.getBoundingClientRect = originalRect
  Object.defineProperty(Element.prototype, 'scrollHeight', saved[1])
  saved.length = 0
})

function open(messages: DirectMessage[]) {
  const harness = createHarness({ snapshot: signedIn() })
  harness.services.direct.fetchHistory.mockResolvedValueOnce({
    items: messages.slice(0, 40),
    next: { created_at: messages[39].created_at, id: messages[39].id }
  })
  harness.stores.direct.setState({ userId: 'me' })
  // The store holds the whole thread, as after scrolling through it.
  render(
    <StoresProvider stores={harness.stores}>
      <DirectThread threadId="t1" />
    </StoresProvider>
  )
  return harness
}

/** Changes the open thread in the store, as a page read or dropped by the window would. */
function changeOpen(
  harness: ReturnType<typeof open>,
  change: (current: OpenThread) => Partial<OpenThread>
): void {
  act(() => {
    const current = harness.stores.direct.getState().open!
    harness.stores.direct.setState({ open: { ...current, ...change(current) } })
  })
}

/** The keyset bound at message `n`. */
const bound = (n: number): { created_at: string; id: string } => ({
  created_at: message(n).created_at,
  id: `m${n}`
})

describe('direct thread: windowed history', () => {
  it('opens a 10,000-message thread at its last message with a few dozen rows mounted', async () => {
    const harness = open(page(9_961, 10_000))
    await waitFor(() => expect(mounted()).toContain('m10000'))
    changeOpen(harness, (current) => ({
      messages: [...page(1, 9_960)].reverse().concat(current.messages)
    }))
    await waitFor(() => expect(mounted()).toContain('m10000'))
    expect(harness.stores.direct.getState().open!.messages).toHaveLength(10_000)
    expect(mounted().length).toBeLessThan(60)
    expect(mounted()).not.toContain('m1')
    expect(history().scrollTop).toBe(10_000 * ROW - VIEWPORT)
  })

  it('keeps the rows on screen in place when older messages go in above', async () => {
    const harness = open(page(961, 1_000))
    await waitFor(() => expect(mounted()).toContain('m1000'))
    // The reader scrolls up to the middle of what is loaded: m980 is at the top of the view.
    act(() => history().scrollTo({ top: 19 * ROW }))
    await waitFor(() => expect(mounted()).toContain('m980'))
    changeOpen(harness, (current) => ({
      messages: [...page(921, 960)].reverse().concat(current.messages)
    }))
    // 40 rows went in above: the view moved down by their height, so m980 is still at its top.
    await waitFor(() => expect(history().scrollTop).toBe((40 + 19) * ROW))
    expect(mounted()).toContain('m980')
  })

  it('keeps the rows on screen in place when the oldest held drop above and newer go in below', async () => {
    const harness = open(page(961, 1_000))
    await waitFor(() => expect(mounted()).toContain('m1000'))
    // Far up, the window holds m801..m960 (newer ones dropped); m900 is at the top of the view.
    changeOpen(harness, () => ({
      messages: [...page(801, 960)].reverse(),
      newer: bound(960)
    }))
    act(() => history().scrollTo({ top: 99 * ROW }))
    await waitFor(() => expect(mounted()).toContain('m900'))
    // The page below goes in and the oldest 40 drop above: m900 stays at the top of the view.
    changeOpen(harness, () => ({
      messages: [...page(841, 1_000)].reverse(),
      older: bound(841),
      newer: null
    }))
    await waitFor(() => expect(history().scrollTop).toBe((99 - 40) * ROW))
    expect(mounted()).toContain('m900')
  })

  it('far up, says a new message arrived; the button reads the newest page and goes to it', async () => {
    const harness = open(page(961, 1_000))
    await waitFor(() => expect(mounted()).toContain('m1000'))
    changeOpen(harness, () => ({
      messages: [...page(1, 160)].reverse(),
      older: null,
      newer: bound(160),
      arrivedBelow: 1
    }))
    harness.services.direct.fetchHistory.mockResolvedValueOnce({
      items: page(962, 1_001),
      next: { created_at: message(962).created_at, id: 'm962' }
    })
    act(() => screen.getByRole('button', { name: 'New messages ↓' }).click())
    await waitFor(() => expect(mounted()).toContain('m1001'))
    expect(history().scrollTop).toBe(40 * ROW - VIEWPORT)
    expect(screen.queryByRole('button', { name: 'New messages ↓' })).toBeNull()
  })
})
