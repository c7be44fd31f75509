// `npm run bench:people`: only the people rows (search at 10,000 users, the Following feed at
// 100,000 posts), without the browser parts of the full bench. Replaces the "## People" section
// of docs/performance.md and leaves the rest of the file as the last full run wrote it.

import { readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { seedPosts, startBenchBackend, type SeedImage } from './backend'
import { measurePeople, PEOPLE_USERS, renderPeopleSection } from './people'
import { spliceSection } from './sections'

const PEOPLE_POSTS = 100_000
const PEOPLE_DEPTH = 5_000

async function main(): Promise<void> {
  const bench = await startBenchBackend()
  try {
    // The queries read rows, not images: any storage URL of this backend will do.
    const image = `${bench.backend.url}/storage/v1/object/public/images/posts/bench/1.png`
    const images: SeedImage[] = [
      { imageUrl: image, thumbUrl: image, width: 1080, height: 1080, placeholder: null }
    ]
    console.log(`Seeding ${PEOPLE_POSTS.toLocaleString('en')} posts…`)
    await seedPosts(bench, PEOPLE_POSTS, images)
    console.log(`Seeding ${PEOPLE_USERS.toLocaleString('en')} users and measuring…`)
    const results = await measurePeople(bench, PEOPLE_USERS, PEOPLE_DEPTH)
    const section = renderPeopleSection(results)
    const file = resolve(__dirname, '../../docs/performance.md')
    await writeFile(file, spliceSection(await readFile(file, 'utf8'), section))
    console.log(section.join('\n'))
  } finally {
    await bench.backend.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
