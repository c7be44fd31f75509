// `npm run bench`: the feed and image pipeline at 10,000 and 100,000 posts on the local backend
// (in-memory PGlite), realtime latency and memory, and the per-request table on PGlite and
// PostgreSQL (per-request.ts), with the results written to docs/performance.md.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { FEED_PAGE_SIZE } from '../../src/shared/limits'
import { launchChromium, pipelinePage } from '../support/chromium/browser'
import { buildAndServe, firstPaint, scrollMemory } from './app'
import { seedPosts, startBenchBackend, uploadPlainPhotos, type SeedImage } from './backend'
import { interactionsSection, measureInteractions } from './interactions'
import { measureEditPreview, renderEditPreview } from './photo-edits'
import { measureShareCarousel, renderShareCarousel } from './share-carousel'
import { photoThroughPipeline, type PhotoSizes } from './photos'
import { measureBundle } from './bundle'
import { measureEventLoop } from './event-loop'
import { measureHostile, renderHostile, type HostileResults } from './hostile'
import { measureIsolation } from './engine-isolation'
import { measurePerRequest, perRequestKinds, type PerRequestResults } from './per-request'
import { renderPerRequest } from './per-request-report'
import { measurePeople, PEOPLE_USERS } from './people'
import { measureQueries, type QueryResults } from './queries'
import {
  EXPLORE_POSTS,
  measureExploreAt,
  renderExploreSection,
  type ExploreResults
} from './explore'
import { measureRealtime, type RealtimeResults } from './realtime'
import { renderReport } from './report'
import { spliceSection, spliceSections } from './sections'
import { measureTransforms, renderTransforms } from './transforms'
import { measureUploads, renderUploads } from './uploads'
import { measureVideoConversion, renderVideoConversion } from './video'
import { measureFeedVideo } from './video-feed'
import { measureExport, renderExport } from './export'
import { measureStoryAdvance, storiesSection } from './stories'
import {
  measureCacheSize,
  measureOfflineStart,
  measureScrollWithoutCache,
  renderOfflineSection
} from './offline'

const SIZES = [10_000, 100_000]
/** The deep page starts this many posts down (page ~417 of 12). */
const DEPTH = 5_000

async function uploadRenditions(
  bench: Awaited<ReturnType<typeof startBenchBackend>>,
  photos: PhotoSizes[]
): Promise<SeedImage[]> {
  const bucket = bench.service.storage.from('images')
  const images: SeedImage[] = []
  for (const [i, photo] of photos.entries()) {
    const owner = bench.userIds[i % bench.userIds.length]
    const ext = (type: string): string => (type === 'image/webp' ? 'webp' : 'jpg')
    const feedPath = `posts/${owner}/bench-${i}.${ext(photo.feedType)}`
    const thumbPath = `posts/${owner}/bench-${i}-thumb.${ext(photo.thumbType)}`
    for (const [path, base64, type] of [
      [feedPath, photo.feedBase64, photo.feedType],
      [thumbPath, photo.thumbBase64, photo.thumbType]
    ]) {
      const { error } = await bucket.upload(path, Buffer.from(base64, 'base64'), {
        contentType: type,
        cacheControl: '3600',
        upsert: true
      })
      if (error) throw new Error(`upload ${path}: ${error.message}`)
    }
    images.push({
      imageUrl: bucket.getPublicUrl(feedPath).data.publicUrl,
      thumbUrl: bucket.getPublicUrl(thumbPath).data.publicUrl,
      width: photo.width,
      height: photo.height,
      placeholder: photo.placeholder
    })
  }
  return images
}

/** `npm run bench -- --stories`: only the story viewer, printed rather than written. */
async function storiesOnly(): Promise<void> {
  const bench = await startBenchBackend(2)
  const browser = await launchChromium()
  try {
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      const result = await measureStoryAdvance(browser, server.url, bench)
      console.log(storiesSection(result).join('\n'))
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

/** Distinct photos for the offline run, so the image cache fills as a real scroll would. */
const OFFLINE_PHOTOS = 100

/**
 * `npm run bench -- --offline`: only the offline cache (1,200 posts over 100 distinct photos),
 * replacing the "## Offline cache" section of docs/performance.md.
 */
async function offlineOnly(): Promise<void> {
  const bench = await startBenchBackend()
  const browser = await launchChromium()
  try {
    const images = await uploadPlainPhotos(bench, OFFLINE_PHOTOS)
    await seedPosts(bench, 1_200, images)
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      const start = await measureOfflineStart(browser, server.url, bench.backend.url)
      const size = await measureCacheSize(browser, server.url, 1000)
      const baseline = await measureScrollWithoutCache(browser, server.url, 1000)
      const section = renderOfflineSection(start, size, baseline, OFFLINE_PHOTOS)
      const file = resolve(__dirname, '../../docs/performance.md')
      await writeFile(file, `${spliceSection(await readFile(file, 'utf8'), section)}\n`)
      console.log(section.join('\n'))
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

/**
 * `npm run bench -- --transforms`: only the image transformations, replacing the
 * "## Image transformations" section of docs/performance.md.
 */
async function transformsOnly(): Promise<void> {
  await replaceSection(renderTransforms(await measureTransforms()))
}

/**
 * `npm run bench -- --uploads`: only plain versus resumable upload of a 20 MB photo, replacing
 * the "## Large photo uploads" section of docs/performance.md.
 */
async function uploadsOnly(): Promise<void> {
  await replaceSection(renderUploads(await measureUploads()))
}

/**
 * `npm run bench -- --video`: converting a 1080p clip as Create does, the first frame of a feed
 * video and memory over 100 video posts, replacing the "## Video conversion" section of
 * docs/performance.md.
 */
async function videoOnly(): Promise<void> {
  const bench = await startBenchBackend(4)
  const browser = await launchChromium()
  try {
    const conversion = await measureVideoConversion(browser)
    const feed = await measureFeedVideo(browser, bench)
    await replaceSection(renderVideoConversion(conversion, feed))
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

/** Writes one section of docs/performance.md (a partial run), leaving the rest as it was. */
async function replaceSection(section: string[]): Promise<void> {
  const file = resolve(__dirname, '../../docs/performance.md')
  await writeFile(file, `${spliceSection(await readFile(file, 'utf8'), section).trimEnd()}\n`)
  console.log(section.join('\n'))
}

/**
 * `npm run bench -- --edits`: only the create screen's live preview, replacing the
 * "## Photo edits: live preview" section of docs/performance.md.
 */
async function editsOnly(): Promise<void> {
  await replaceSection(renderEditPreview(await measureEditPreview()))
}

/**
 * `npm run bench -- --export`: only "Download your information" at 1,000 posts, replacing the
 * "## Export of your information" section of docs/performance.md.
 */
async function exportOnly(): Promise<void> {
  await replaceSection(renderExport(await measureExport()))
}

/**
 * `npm run bench -- --interactions`: only the interaction speed (like, open a post or a profile,
 * Back), replacing the "## Interaction speed" section of docs/performance.md.
 */
async function interactionsOnly(): Promise<void> {
  const bench = await startBenchBackend(4)
  const browser = await launchChromium()
  try {
    await seedPosts(bench, 60, await uploadPlainPhotos(bench, 6))
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      await replaceSection(
        interactionsSection(await measureInteractions(browser, server.url, bench))
      )
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

/**
 * `npm run bench -- --share`: only sharing a 10-photo carousel of 12 MP photos, replacing the
 * "## Sharing a carousel" section of docs/performance.md.
 */
async function shareOnly(): Promise<void> {
  const bench = await startBenchBackend(4)
  const browser = await launchChromium()
  try {
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      await replaceSection(
        renderShareCarousel(await measureShareCarousel(browser, server.url, bench))
      )
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

/**
 * `npm run bench -- --explore [posts]`: only Explore beside the home feed on each database (at
 * 100,000 posts unless given), replacing the "## Explore" section of docs/performance.md.
 */
async function exploreOnly(): Promise<void> {
  const at = process.argv.indexOf('--explore')
  const posts = Number(process.argv[at + 1]) || EXPLORE_POSTS
  const results: ExploreResults[] = []
  for (const kind of perRequestKinds()) results.push(await measureExploreAt(kind, posts))
  await replaceSection(renderExploreSection(results))
}

async function main(): Promise<void> {
  if (process.argv.includes('--explore')) return exploreOnly()
  if (process.argv.includes('--export')) return exportOnly()
  if (process.argv.includes('--interactions')) return interactionsOnly()
  if (process.argv.includes('--stories')) return storiesOnly()
  if (process.argv.includes('--edits')) return editsOnly()
  if (process.argv.includes('--share')) return shareOnly()
  if (process.argv.includes('--transforms')) return transformsOnly()
  if (process.argv.includes('--uploads')) return uploadsOnly()
  if (process.argv.includes('--offline')) return offlineOnly()
  if (process.argv.includes('--video')) return videoOnly()
  const started = performance.now()
  const log = (line: string): void =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`)

  const bench = await startBenchBackend()
  const browser = await launchChromium()
  try {
    log(`Making ${FEED_PAGE_SIZE} 12 MP photos and running the upload pipeline on them…`)
    const pipeline = await pipelinePage(browser)
    const photos: PhotoSizes[] = []
    for (let i = 0; i < FEED_PAGE_SIZE; i++)
      photos.push(await photoThroughPipeline(pipeline, i + 1))
    await pipeline.close()
    const images = await uploadRenditions(bench, photos)

    const queries: QueryResults[] = []
    const seedMillis: number[] = []
    for (const size of SIZES) {
      log(`Seeding to ${size.toLocaleString('en')} posts…`)
      seedMillis.push(await seedPosts(bench, size, images))
      log(`Measuring feed queries at ${size.toLocaleString('en')} posts…`)
      queries.push(await measureQueries(bench, DEPTH))
    }

    log(
      `Measuring people search at ${PEOPLE_USERS.toLocaleString('en')} users and the Following feed…`
    )
    const people = await measurePeople(bench, PEOPLE_USERS, DEPTH)

    const explore: ExploreResults[] = []
    for (const kind of perRequestKinds()) {
      log(`Measuring Explore beside the home feed on ${kind} at 100,000 posts…`)
      explore.push(await measureExploreAt(kind))
    }

    log('Measuring the backend event loop under feed load…')
    const eventLoop = await measureEventLoop()

    log('Building the desktop app and measuring its bundles…')
    const bundle = await measureBundle()
    const perRequest: PerRequestResults[] = []
    for (const kind of perRequestKinds()) {
      log(`Measuring per-request costs on ${kind} at 100,000 posts…`)
      perRequest.push(await measurePerRequest(kind, 100_000))
    }
    log('Measuring image transformations of a 12 MP photo…')
    const transforms = await measureTransforms()
    log('Measuring "Download your information" at 1,000 posts…')
    const exported = await measureExport()
    log("Measuring the create screen's live edit preview on a 12 MP photo…")
    const editPreview = await measureEditPreview()
    log('Measuring what the engine worker costs per request…')
    const isolation = await measureIsolation()
    const realtime: RealtimeResults[] = []
    for (const kind of perRequestKinds()) {
      log(`Measuring realtime latency and idle subscriber memory on ${kind}…`)
      realtime.push(await measureRealtime(kind))
    }
    const hostile: HostileResults[] = []
    for (const kind of perRequestKinds()) {
      log(`Running the hostile requests on ${kind}…`)
      hostile.push(await measureHostile(kind))
    }

    log('Building the web app and measuring it in Chromium…')
    const server = await buildAndServe(bench.backend.url, bench.backend.anonKey)
    bench.backend.allowOrigin(new URL(server.url).origin)
    try {
      const paint = await firstPaint(browser, server.url)
      log('Scrolling through 1,500 posts…')
      // 1,500 as well, to show that what still grows by 1,000 (compiled code) has levelled off.
      const memory = await scrollMemory(browser, server.url, [50, 1000, 1500])
      log('Stepping through stories in the viewer…')
      const stories = await measureStoryAdvance(browser, server.url, bench)
      log('Timing interactions (like, open a post or a profile, Back) at 4× CPU throttling…')
      const interactions = interactionsSection(
        await measureInteractions(browser, server.url, bench)
      )
      log('Sharing a carousel of 10 photos of 12 MP…')
      const shareCarousel = renderShareCarousel(
        await measureShareCarousel(browser, server.url, bench)
      )
      log(
        'Measuring the offline cache: start with the backend unreachable, size after 1,000 posts…'
      )
      const offlineStart = await measureOfflineStart(browser, server.url, bench.backend.url)
      const offlineSize = await measureCacheSize(browser, server.url, 1000)
      const offlineBaseline = await measureScrollWithoutCache(browser, server.url, 1000)
      const main = renderReport({
        queries,
        explore,
        seedMillis,
        photos,
        paint,
        memory,
        eventLoop,
        bundle,
        realtime,
        people,
        stories: storiesSection(stories),
        totalSeconds: (performance.now() - started) / 1000
      })
      const offline = renderOfflineSection(
        offlineStart,
        offlineSize,
        offlineBaseline,
        images.length
      ).join('\n')
      const report =
        `${main.trimEnd()}\n\n${offline}\n${renderTransforms(transforms).join('\n')}\n` +
        `${renderEditPreview(editPreview).join('\n')}\n` +
        `${await renderPerRequest(perRequest, isolation)}\n` +
        `${renderHostile(hostile).join('\n')}\n\n${renderExport(exported).join('\n')}\n` +
        `${interactions.join('\n')}\n${shareCarousel.join('\n')}`
      const file = resolve(__dirname, '../../docs/performance.md')
      await writeFile(file, `${spliceSections(await readFile(file, 'utf8'), report).trimEnd()}\n`)
      console.log(report)
      log(`Wrote ${file}`)
    } finally {
      await server.close()
    }
  } finally {
    await browser.close()
    await bench.backend.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
