// `npm run bench:placement`: what the engine worker costs a whole HTTP request. Two backends on
// copies of one data folder with 100,000 posts, each in a process of its own: PGlite in its
// worker thread (as shipped: a watchdog can stop a runaway statement) and PGlite on the HTTP
// thread (no watchdog). `/health`, a one-row read and a feed page on both are timed in turns
// within one loop, so load from other work on the machine lands on both alike; the ratios to
// each server's own `/health` are what the per-request goals are stated in.

import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FEED_PAGE_RPC, FEED_SELECT } from '../../src/shared/data/feed'
import { seed } from './per-request'
import { ServerTimingFetch, timeSplitsAlternating, type RequestSplit } from './request-split'
import { ms, throughput } from './stats'

const POSTS = 100_000
const RUNS = Number(process.env.PLACEMENT_RUNS ?? 400)
const WARMUP = 30
const THROUGHPUT_MS = 2000
const ROOT = resolve(__dirname, '../..')
const THREADS = ['worker', 'caller'] as const
type Thread = (typeof THREADS)[number]

interface Child {
  url: string
  anonKey: string
  process: ChildProcess
}

function startChild(dataDir: string, thread: Thread): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(__dirname, 'placement-child.ts'), dataDir, thread],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let output = ''
  return new Promise((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const url = /API URL: (\S+)/.exec(output)?.[1]
      const anonKey = /anon key: (\S+)/.exec(output)?.[1]
      if (url && anonKey) done({ url, anonKey, process: child })
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code) => fail(new Error(`${thread} backend exited (${code}):\n${output}`)))
  })
}

async function rssMb(child: Child): Promise<number> {
  const status = await readFile(`/proc/${child.process.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]) / 1024
}

function requests(child: Child, timings: ServerTimingFetch, postId: string) {
  const headers = { apikey: child.anonKey, authorization: `Bearer ${child.anonKey}` }
  const get = async (path: string): Promise<unknown> => {
    const response = await timings.fetch(`${child.url}${path}`, { headers })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return response.json()
  }
  const select = encodeURIComponent(FEED_SELECT.replace(/\s+/g, ''))
  return {
    health: () => get('/health'),
    oneRow: async () => {
      const rows = (await get(`/rest/v1/posts?select=*&id=eq.${postId}`)) as unknown[]
      if (rows.length !== 1) throw new Error('one-row read: not one row')
    },
    feedPage: async () => {
      const page = (await get(`/rest/v1/rpc/${FEED_PAGE_RPC}?page_size=12&select=${select}`)) as {
        profiles?: unknown
      }[]
      if (page.length !== 12 || !page[0].profiles) throw new Error('feed page is incomplete')
    }
  }
}

function row(thread: Thread, [floor, oneRow, feedPage]: RequestSplit[], share: string): string {
  const ratio = (split: RequestSplit): string =>
    `${(split.client.p50 / floor.client.p50).toFixed(2)}× (${ms(split.client.p50)}; server ${ms(split.server.p50)}, db ${ms(split.db.p50)})`
  return `| ${thread} | ${ms(floor.client.p50)} | ${ratio(oneRow)} | ${ratio(feedPage)} | ${share} |`
}

async function main(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-placement-'))
  const children: Child[] = []
  try {
    console.log(`Seeding ${POSTS.toLocaleString('en')} posts…`)
    const postId = await seed(join(folder, 'worker'), undefined, POSTS)
    await cp(join(folder, 'worker'), join(folder, 'caller'), { recursive: true })
    for (const thread of THREADS) children.push(await startChild(join(folder, thread), thread))
    const timings = new ServerTimingFetch()
    const calls = children.map((child) => requests(child, timings, postId))
    const load = loadavg()[0]
    const splits = await timeSplitsAlternating(
      timings,
      calls.flatMap((c) => [c.health, c.oneRow, c.feedPage]),
      RUNS,
      WARMUP
    )
    // Four callers, in turns: /health then feed pages on one backend, then on the other, twice.
    const rates = calls.map(() => ({ health: 0, pages: 0 }))
    for (let turn = 0; turn < 2; turn++) {
      for (const [i, c] of calls.entries()) {
        rates[i].health += (await throughput(c.health, THROUGHPUT_MS, 4)) / 2
        rates[i].pages += (await throughput(c.feedPage, THROUGHPUT_MS, 4)) / 2
      }
    }
    console.log(`\nLoad average ${load.toFixed(1)} (2 cores); ${RUNS} rounds; p50s:\n`)
    console.log('| PGlite on | `/health` | One-row read | Feed page | Pages/s (of `/health`/s) |')
    console.log('| --- | --- | --- | --- | --- |')
    for (const [i, thread] of THREADS.entries()) {
      const { health, pages } = rates[i]
      const share = `${pages.toFixed(0)} (${Math.round((100 * pages) / health)} % of ${health.toFixed(0)})`
      console.log(row(thread, splits.slice(3 * i, 3 * i + 3), share))
    }
    for (const [i, thread] of THREADS.entries()) {
      console.log(`RSS ${thread}: ${(await rssMb(children[i])).toFixed(0)} MB`)
    }
  } finally {
    for (const child of children) child.process.kill('SIGKILL')
    await rm(folder, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
