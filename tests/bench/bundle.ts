// The package: the renderer's chunks (gzipped) after a fresh `electron-vite build`, against the
// 120 KB budget of the entry chunk, and what main and the backend load from outside the bundle.

import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { externalModules, rendererChunks, type ChunkSize } from '../../scripts/lib/bundle-facts'
import { kb } from './stats'

const root = resolve(__dirname, '../..')
const ENTRY_GZIP_BUDGET = 120 * 1024

export interface BundleResults {
  chunks: ChunkSize[]
  external: Record<string, string[]>
}

export async function measureBundle(): Promise<BundleResults> {
  execFileSync(resolve(root, 'node_modules/.bin/electron-vite'), ['build'], {
    cwd: root,
    stdio: 'pipe'
  })
  const outDir = resolve(root, 'out')
  return { chunks: await rendererChunks(outDir), external: await externalModules(outDir) }
}

export function bundleSection({ chunks, external }: BundleResults): string[] {
  const [entry, ...rest] = chunks
  return [
    '## Package',
    '',
    `The renderer's entry chunk is ${kb(entry.gzipBytes)} gzipped (budget ${kb(ENTRY_GZIP_BUDGET)}). ` +
      'A desktop start never fetches the ' +
      'browser platform; the modals load when first opened; supabase-js is a chunk of its own, ' +
      'fetched while the splash paints.',
    '',
    '| Chunk | Size | Gzipped |',
    '| --- | ---: | ---: |',
    ...[entry, ...rest].map(
      (chunk) => `| \`${chunk.file}\` | ${kb(chunk.bytes)} | ${kb(chunk.gzipBytes)} |`
    ),
    '',
    'Loaded at run time from outside the bundle (everything else is bundled into `out/`):',
    '',
    ...Object.entries(external).map(
      ([file, modules]) => `- \`${file}\`: ${modules.length ? modules.join(', ') : 'nothing'}`
    ),
    ''
  ]
}
