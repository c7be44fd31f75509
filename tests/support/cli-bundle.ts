// The backend CLI (src/local/cli.ts) as one JavaScript file, for the tests that start it as a
// child process (child-backend.ts): started through tsx, each child spent about a third of its
// start's CPU in tsx's loader resolving and compiling some 200 modules. esbuild bundles the same
// sources once per test process (a few hundred milliseconds); every child then loads one file.
// Packages stay outside the bundle and load from node_modules as they do under tsx, and each
// source file keeps its own __dirname and __filename, so the migrations folder and the engine's
// worker script are found where they are when running from the sources.

import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { Plugin } from 'esbuild'

const ROOT = resolve(__dirname, '../..')
/** Inside node_modules, so the bundle's package imports resolve as the sources' do. */
const CACHE_DIR = join(ROOT, 'node_modules/.cache/instaframe-test-cli')

/** __dirname and __filename of each source file, as the file itself sees them under tsx. */
const sourcePaths: Plugin = {
  name: 'source-paths',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      return {
        contents: source
          .replace(/\b__dirname\b/g, JSON.stringify(dirname(args.path)))
          .replace(/\b__filename\b/g, JSON.stringify(args.path)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts'
      }
    })
  }
}

async function bundle(): Promise<string> {
  const esbuild = await import('esbuild')
  const result = await esbuild.build({
    entryPoints: [join(ROOT, 'src/local/cli.ts')],
    bundle: true,
    platform: 'node',
    // ES modules, so packages that ship only ES modules load as they do under tsx.
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [sourcePaths]
  })
  const code = result.outputFiles[0].contents
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
  const file = join(CACHE_DIR, `cli-${hash}.mjs`)
  if (!existsSync(file)) {
    await mkdir(CACHE_DIR, { recursive: true })
    // Written aside and renamed, so a process starting meanwhile never loads half a file.
    const partial = `${file}.${randomUUID()}`
    await writeFile(partial, code)
    await rename(partial, file)
  }
  return file
}

let bundled: Promise<string> | null = null

/** The path of the bundled CLI, built on the first call in this process. */
export function cliBundle(): Promise<string> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = null
    throw error
  })
  return bundled
}
