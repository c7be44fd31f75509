// A 10,000-message conversation in the real renderer (browser build, headless Chromium): the time
// from opening the thread to its last message painted, and the DOM and JS heap at the bottom,
// after scrolling up through all of it (older pages loading on the way) and after scrolling back
// down. The history is windowed, so the DOM must stay flat; the store holds a bounded window of
// pages (dropped ones are read again on the way back), so the heap must stay flat too.

import { randomUUID } from 'node:crypto'
import type { Browser, Page } from 'playwright-core'
import type { PageGlobals } from '../support/chromium/page-globals'
import { signUpWith, testClient } from '../support/backend-harness'
import type { BenchBackend } from './backend'
import { signInThroughDialog } from './sign-in'
import { compiledCodeSize } from './app'
import { percentile } from './stats'
import { DIRECT_PAGE_SIZE } from '../../src/shared/data/direct/types'

/** Messages an open thread holds at most (THREAD_MAX_LOADED_MESSAGES: four pages). */
const HELD = 4 * DIRECT_PAGE_SIZE

export const THREAD_MESSAGES = 10_000
/** Opens timed: the first (nothing in memory yet) is reported on its own, p50/p95 over all. */
const OPEN_RUNS = 20

export interface MemorySample {
  domElements: number
  mountedMessages: number
  heapUsed: number
  /** heapUsed without V8's compiled code (which grows as the JIT warms up): what the app holds. */
  heapObjects: number
}

type Scrolled = MemorySample & { scrollMs: number }

export interface LongThreadResult {
  messages: number
  open: { first: number; p50: number; p95: number; runs: number }
  bottom: MemorySample
  /** The first trip to the first message and back: the JIT compiles the scrolling code. */
  top: Scrolled
  back: Scrolled
  /** The same trip again: what scrolling costs once the code is compiled. */
  top2: Scrolled
  back2: Scrolled
}

interface Seeded {
  credentials: { email: string; password: string }
  threadId: string
  firstId: string
  lastId: string
}

async function seedThread(bench: BenchBackend, count: number): Promise<Seeded> {
  const credentials = { email: `reader-${randomUUID()}@example.com`, password: 'bench-pass-1' }
  const reader = await signUpWith(testClient(bench.backend.url, bench.backend.anonKey), 'dm', {
    ...credentials,
    username: 'bench_dm_reader'
  })
  const other = bench.userIds[0]
  const { db } = bench.backend
  const thread = await db.query<{ id: string }>(
    'insert into public.direct_threads (created_by) values ($1) returning id',
    [other]
  )
  const threadId = thread.rows[0].id
  await db.query(
    `insert into public.direct_participants (thread_id, user_id, state, last_read_at)
     values ($1, $2, 'accepted', now() + interval '1 day'), ($1, $3, 'accepted', now() + interval '1 day')`,
    [threadId, other, reader.userId]
  )
  // Every fourth message is a longer one that wraps onto a few lines. The database stamps each
  // message's time itself (clock_timestamp), so they keep about the order they were written in.
  await db.query(
    `insert into public.direct_messages (thread_id, sender_id, kind, body)
     select $1, case when i % 3 = 0 then $2::uuid else $3::uuid end, 'text',
            'Message ' || i || case when i % 4 = 0
              then ': ' || repeat('a longer line that wraps in the bubble ', 4) else '' end
     from generate_series(1, $4::int) as i`,
    [threadId, reader.userId, other, count]
  )
  await db.exec('analyze public.direct_messages')
  const ends = await db.query<{ first: string; last: string }>(
    `select (select id from public.direct_messages where thread_id = $1
             order by created_at, id limit 1) as first,
            (select id from public.direct_messages where thread_id = $1
             order by created_at desc, id desc limit 1) as last`,
    [threadId]
  )
  return { credentials, threadId, firstId: ends.rows[0].first, lastId: ends.rows[0].last }
}

/** Opens the thread from the inbox route and answers the ms until its last message is painted. */
async function timeOpen(page: Page, threadId: string, lastId: string): Promise<number> {
  await page.evaluate(() => {
    ;(globalThis as unknown as PageGlobals).location.hash = '#/direct'
  })
  await page.getByRole('heading', { name: 'Your messages' }).waitFor()
  return page.evaluate(
    async ({ thread, last }) => {
      const web = globalThis as unknown as PageGlobals
      const started = web.performance.now()
      web.location.hash = `#/direct/${thread}`
      const frame = (): Promise<void> =>
        new Promise((done) => web.requestAnimationFrame(() => done()))
      const painted = (): boolean => {
        const history = web.document.querySelector('[data-testid="direct-history"]')
        const row = web.document.querySelector(`[data-message-id="${last}"]`)
        if (!history || !row) return false
        const box = history.getBoundingClientRect()
        const at = row.getBoundingClientRect()
        return at.bottom <= box.bottom + 1 && at.top >= box.top - 1 && at.height > 0
      }
      while (!painted()) {
        if (web.performance.now() - started > 30_000) {
          const history = web.document.querySelector('[data-testid="direct-history"]')
          const rows = web.document.querySelectorAll('[data-message-id]')
          throw new Error(
            `the last message never showed: ${rows.length} rows mounted, the last ${
              rows[rows.length - 1]?.dataset.messageId
            }; scrollTop ${history?.scrollTop} of ${history?.scrollHeight}`
          )
        }
        await frame()
      }
      await new Promise<void>((done) =>
        web.requestAnimationFrame(() => {
          const channel = new web.MessageChannel()
          channel.port1.onmessage = () => done()
          channel.port2.postMessage(null)
        })
      )
      return web.performance.now() - started
    },
    { thread: threadId, last: lastId }
  )
}

/** Scrolls the history to one end until the message `id` is on screen; answers the ms taken. */
async function scrollUntil(page: Page, end: 'top' | 'bottom', id: string): Promise<number> {
  return page.evaluate(
    async ({ to, target }) => {
      const web = globalThis as unknown as PageGlobals
      const history = web.document.querySelector('[data-testid="direct-history"]')
      const started = web.performance.now()
      const frame = (): Promise<void> =>
        new Promise((done) => web.requestAnimationFrame(() => done()))
      for (let i = 0; ; i++) {
        if (i > 20_000) {
          const rows = web.document.querySelectorAll('[data-message-id]')
          throw new Error(
            `never reached the ${to}: rows ${rows[0]?.dataset.messageId}…${
              rows[rows.length - 1]?.dataset.messageId
            } mounted, scrollTop ${history.scrollTop} of ${history.scrollHeight}`
          )
        }
        const row = web.document.querySelector(`[data-message-id="${target}"]`)
        if (row) {
          const box = history.getBoundingClientRect()
          const at = row.getBoundingClientRect()
          if (at.bottom > box.top && at.top < box.bottom) break
        }
        // A reader's flick: a screenful at a time, so the window follows as it would.
        history.scrollBy(0, to === 'top' ? -2000 : 2000)
        await frame()
      }
      return web.performance.now() - started
    },
    { to: end, target: id }
  )
}

async function sample(page: Page): Promise<MemorySample> {
  const cdp = await page.context().newCDPSession(page)
  await page.waitForTimeout(500)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const code = await compiledCodeSize(cdp)
  const dom = await page.evaluate(() => {
    const doc = (globalThis as unknown as PageGlobals).document
    return {
      elements: doc.getElementsByTagName('*').length as number,
      rows: doc.querySelectorAll('[data-message-id]').length as number
    }
  })
  await cdp.detach()
  return {
    domElements: dom.elements,
    mountedMessages: dom.rows,
    heapUsed: heap.usedSize,
    heapObjects: heap.usedSize - code
  }
}

/** Where the page is, for a look when something goes wrong (BENCH_SHOTS=folder). */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.BENCH_SHOTS
  if (folder) await page.screenshot({ path: `${folder}/long-thread-${name}.png` })
}

export async function measureLongThread(
  browser: Browser,
  url: string,
  bench: BenchBackend,
  count = Number(process.env.BENCH_THREAD_MESSAGES ?? THREAD_MESSAGES)
): Promise<LongThreadResult> {
  const seeded = await seedThread(bench, count)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript('window.__name = (fn) => fn')
  const page = await context.newPage()
  try {
    await page.goto(url)
    await signInThroughDialog(page, seeded.credentials)
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 60_000 })
    await shot(page, 'signed-in')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Messages' })
      .waitFor()
    const times: number[] = []
    for (let i = 0; i < OPEN_RUNS; i++) {
      times.push(await timeOpen(page, seeded.threadId, seeded.lastId))
    }
    const first = times[0]
    times.sort((a, b) => a - b)
    await shot(page, 'opened')
    const bottom = await sample(page)
    const trip = async (name: string, end: 'top' | 'bottom', id: string): Promise<Scrolled> => {
      const scrollMs = await scrollUntil(page, end, id)
      await shot(page, name)
      return { ...(await sample(page)), scrollMs }
    }
    const top = await trip('top', 'top', seeded.firstId)
    const back = await trip('back', 'bottom', seeded.lastId)
    const top2 = await trip('top-again', 'top', seeded.firstId)
    const back2 = await trip('back-again', 'bottom', seeded.lastId)
    return {
      messages: count,
      open: {
        first,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        runs: times.length
      },
      bottom,
      top,
      back,
      top2,
      back2
    }
  } finally {
    await context.close()
  }
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const change = (from: number, to: number): string =>
  `${to >= from ? '+' : ''}${(((to - from) / from) * 100).toFixed(1)} %`

/** The largest change of `of` from `base` over `samples`, and whether it is within ±10 %. */
function verdict(
  base: MemorySample,
  samples: MemorySample[],
  of: (s: MemorySample) => number
): string {
  const from = of(base)
  const worst = Math.max(...samples.map((sample) => Math.abs((of(sample) - from) / from)))
  return `${worst <= 0.1 ? 'goal met' : 'goal not met'} (largest change ${(worst * 100).toFixed(1)} %)`
}

export function renderLongThread(result: LongThreadResult, load: string): string[] {
  const { bottom, back } = result
  const all = [result.top, result.back, result.top2, result.back2]
  const row = (name: string, s: MemorySample, againstTrip = false): string =>
    `| ${name} | ${s.domElements} (${change(bottom.domElements, s.domElements)}) | ${s.mountedMessages} | ${mb(s.heapUsed)} (${change(bottom.heapUsed, s.heapUsed)}) | ${againstTrip ? change(back.heapUsed, s.heapUsed) : '—'} | ${mb(s.heapObjects)} (${change(bottom.heapObjects, s.heapObjects)}) |`
  const held = `${HELD} held`
  const seconds = (s: Scrolled): string => `${(s.scrollMs / 1000).toFixed(1)} s`
  return [
    '## Long conversation',
    '',
    `A thread of ${result.messages.toLocaleString('en-US')} text messages (every fourth wraps onto several lines) in the browser build, headless Chromium at 1280 × 900, on in-memory PGlite (\`npm run bench:thread\`). Opening it from the inbox until its last message is painted, ${result.open.runs} times: the first open ${result.open.first.toFixed(0)} ms, p50 ${result.open.p50.toFixed(0)} ms, p95 ${result.open.p95.toFixed(0)} ms. Goal: ≤ 150 ms. Then the reader scrolls up a screenful per frame to the first message (every older page of ${DIRECT_PAGE_SIZE} loading on the way: ${seconds(result.top)}) and back down to the last (every dropped page read again: ${seconds(result.back)}), twice. Heap after two forced collections. Goal: the DOM and the JS heap flat within ±10 %. ${load}`,
    '',
    '| where | DOM elements (vs opened) | messages mounted | JS heap (vs opened) | JS heap vs after the first trip | of which objects (vs opened) |',
    '| --- | --- | --- | --- | --- | --- |',
    row(`opened, at the last message (${DIRECT_PAGE_SIZE} held)`, bottom),
    row(`at the first message (${held} of ${result.messages.toLocaleString('en-US')})`, result.top),
    row(`back at the last message (${held})`, result.back),
    row(`at the first message again (${held})`, result.top2, true),
    row(`back at the last message again (${held})`, result.back2, true),
    '',
    `DOM: ${verdict(bottom, all, (s) => s.domElements)}. JS heap through both trips, against the opened thread's: ${verdict(bottom, all, (s) => s.heapUsed)}; on the second trip, against the heap after the first: ${verdict(back, [result.top2, result.back2], (s) => s.heapUsed)}. The objects column is the heap without V8's compiled code (split with a heap snapshot as in "In the browser" below), which the JIT grows as it compiles the scrolling code; it is shown for where a change comes from.`,
    '',
    `The history is windowed (the feed's \`useWindowedList\` over the history's own scroll): only the rows near the view are mounted, so the DOM stays flat however long the thread. The store holds a bounded window of the history too, as the feed does with its pages: at most ${HELD} messages (four pages) around the view. A page read above drops the newest held past the bound and one read below drops the oldest; each is read again by keyset (older or newer than the window's edge) when the reader comes back, and the view stays on the message it shows as pages go in or out at either end. While the newest page is not held, a new message is only counted ("New messages ↓"), and jumping to the bottom, or sending, reads the newest page again.`,
    ''
  ]
}
