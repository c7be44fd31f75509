// The real renderer (the browser build) in headless Chromium against the seeded backend: time to
// the first feed paint, and DOM size and JS heap after scrolling through 50 and 1,000 posts.

import { execFile } from 'node:child_process'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { serveWebBuild, type RunningWebServer } from '../../scripts/lib/static-server'
import type { PageGlobals } from '../support/chromium/page-globals'

const REPO = resolve(__dirname, '../..')
// Its own output folder, so a bench never clobbers the build the browser tests are serving; in
// the checkout itself (not node_modules, which checkouts side by side may share through a link),
// so two checkouts' benches never serve each other's build.
const OUT_DIR = resolve(REPO, 'out/bench-web')

/** The Vite CLI in a child process (its programmatic build misbehaves under tsx's transform). */
export async function buildAndServe(
  backendUrl: string,
  anonKey: string
): Promise<RunningWebServer> {
  const vite = resolve(REPO, 'node_modules/vite/bin/vite.js')
  await promisify(execFile)(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      'vite.web.config.mts',
      '--outDir',
      OUT_DIR,
      '--emptyOutDir',
      '--logLevel',
      'warn'
    ],
    { cwd: REPO }
  )
  return serveWebBuild(OUT_DIR, { supabaseUrl: backendUrl, supabaseAnonKey: anonKey })
}

/**
 * Records when the first post card and its image appear, and counts the cards ever mounted. The
 * bench only scrolls down, so a card that leaves never comes back: counting arrivals against the
 * currently mounted set needs no memory that grows with the count (which would skew the heap).
 */
const INIT_SCRIPT = `
  window.__name = (fn) => fn
  window.__bench = { firstCard: null, firstImage: null, seen: 0, mounted: new Set() }
  new MutationObserver(() => {
    const bench = window.__bench
    if (bench.firstCard === null && document.querySelector('article')) bench.firstCard = performance.now()
    const now = new Set()
    for (const el of document.querySelectorAll('[data-key]')) {
      now.add(el.dataset.key)
      if (!bench.mounted.has(el.dataset.key)) bench.seen += 1
    }
    bench.mounted = now
    if (bench.firstImage === null) {
      const img = document.querySelector('article img')
      if (img && !img.dataset.watched) {
        img.dataset.watched = '1'
        const done = () => { if (bench.firstImage === null) bench.firstImage = performance.now() }
        if (img.complete && img.naturalWidth) done(); else img.addEventListener('load', done)
      }
    }
  }).observe(document, { childList: true, subtree: true })
`

export interface PaintResult {
  firstCard: number
  firstImage: number
}

async function openFeed(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addInitScript(INIT_SCRIPT)
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(
    () => (globalThis as unknown as PageGlobals).__bench.firstImage !== null,
    null,
    {
      timeout: 30_000
    }
  )
  return page
}

/** Median over `runs` cold loads (a fresh browser context each, so no cached images). */
export async function firstPaint(browser: Browser, url: string, runs = 5): Promise<PaintResult> {
  const results: PaintResult[] = []
  for (let i = 0; i < runs; i++) {
    const page = await openFeed(browser, url)
    results.push(
      await page.evaluate(() => (globalThis as unknown as PageGlobals).__bench as PaintResult)
    )
    await page.context().close()
  }
  const median = (values: number[]): number => values.sort((a, b) => a - b)[values.length >> 1]
  return {
    firstCard: median(results.map((r) => r.firstCard)),
    firstImage: median(results.map((r) => r.firstImage))
  }
}

export interface MemoryPoint {
  postsSeen: number
  domElements: number
  /** Nodes Chromium counts, detached ones included (CDP Memory.getDOMCounters). */
  domNodes: number
  mountedCards: number
  /** CDP Runtime.getHeapUsage after two forced collections. */
  heapUsed: number
  /** From a heap snapshot: V8's compiled code (bytecode, optimised code), which grows as the
   * JIT warms up on a long scroll and then levels off. */
  heapCode: number
  /** heapUsed without the compiled code: the objects the app holds. */
  heapObjects: number
}

/** The self size of V8's compiled code in a heap snapshot. */
export async function compiledCodeSize(cdp: CDPSession): Promise<number> {
  const chunks: string[] = []
  const onChunk = (event: { chunk: string }): void => {
    chunks.push(event.chunk)
  }
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }
    nodes: number[]
  }
  const fields = snapshot.snapshot.meta.node_fields
  const types = snapshot.snapshot.meta.node_types[0]
  const [typeAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('self_size')]
  let code = 0
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    if (types[snapshot.nodes[i + typeAt]] === 'code') code += snapshot.nodes[i + sizeAt]
  }
  return code
}

export async function scrollMemory(
  browser: Browser,
  url: string,
  marks: number[]
): Promise<MemoryPoint[]> {
  const page = await openFeed(browser, url)
  const cdp = await page.context().newCDPSession(page)
  const points: MemoryPoint[] = []
  for (const mark of marks) {
    await page.evaluate(async (target) => {
      const web = globalThis as unknown as PageGlobals
      const bench = web.__bench as { seen: number }
      const frame = (): Promise<void> =>
        new Promise((done) => web.requestAnimationFrame(() => done()))
      let idle = 0
      while (bench.seen < target) {
        const before = bench.seen
        web.scrollBy(0, 1200)
        await frame()
        await frame()
        if (bench.seen === before) {
          idle += 1
          // At the end of what is loaded: give the next page time to arrive.
          await new Promise((done) => setTimeout(done, 50))
          if (idle > 400) throw new Error(`stuck at ${before} posts`)
        } else idle = 0
      }
    }, mark)
    // Let the last page's images and renders settle before measuring.
    await page.waitForTimeout(1000)
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    const code = await compiledCodeSize(cdp)
    const counters = await cdp.send('Memory.getDOMCounters')
    const dom = await page.evaluate(() => {
      const web = globalThis as unknown as PageGlobals
      return {
        elements: web.document.getElementsByTagName('*').length as number,
        cards: web.document.querySelectorAll('article').length as number,
        seen: web.__bench.seen as number
      }
    })
    points.push({
      postsSeen: dom.seen,
      domElements: dom.elements,
      domNodes: counters.nodes,
      mountedCards: dom.cards,
      heapUsed: heap.usedSize,
      heapCode: code,
      heapObjects: heap.usedSize - code
    })
  }
  await page.context().close()
  return points
}
