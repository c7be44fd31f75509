// `npm run docs`: rewrites the generated parts of docs/ (the limits table, the IPC channels, the
// data modules) from the code. tests/unit/shared/generated-docs.test.ts fails while one is stale.

import { readFileSync, writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import { docsWithBlocks, regenerate } from './lib/generated-docs'

async function main(): Promise<void> {
  for (const { path, blocks } of docsWithBlocks()) {
    const current = readFileSync(path, 'utf8')
    const fresh = await regenerate(current, path)
    const name = relative(process.cwd(), path)
    if (fresh === current) {
      console.log(`${name} is up to date (${blocks.join(', ')})`)
      continue
    }
    writeFileSync(path, fresh)
    console.log(`wrote ${name} (${blocks.join(', ')})`)
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
