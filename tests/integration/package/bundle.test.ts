// The package's promises, checked on a fresh `electron-vite build`: the renderer's entry chunk is
// at most 120 KB gzipped (the desktop start parses no browser platform, no modal it has not
// opened, and loads supabase-js as a chunk of its own), and out/main and out/preload load nothing
// at run time but Electron, Node's built-ins, PGlite and sharp, which is all the package ships.

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  externalModules,
  isAllowedAtRuntime,
  modulesLoadedBy,
  rendererChunks
} from '../../../scripts/lib/bundle-facts'
import { loadMigrations } from '../../../src/backend/db/migration-files'
import { extensionsCreatedBy } from '../../../src/backend/db/pglite-extensions'

const pgliteFiles = createRequire(__filename)('../../../build/pglite-files.cjs') as {
  extensionsInMigrations(folder: string): string[]
  unusedExtensionExclusions(used: string[]): string[]
}

const root = resolve(__dirname, '../../..')
const outDir = resolve(root, 'out')
const ENTRY_CHUNK_LIMIT = 120 * 1024

describe('the built app', () => {
  beforeAll(() => {
    execFileSync(resolve(root, 'node_modules/.bin/electron-vite'), ['build'], {
      cwd: root,
      stdio: 'pipe'
    })
  }, 180_000)

  it('keeps the renderer entry chunk within 120 KB gzipped, the browser platform apart', async () => {
    const [entry, ...rest] = await rendererChunks(outDir)
    expect(entry.file).toMatch(/^assets\/index-.+\.js$/)
    expect(entry.gzipBytes).toBeLessThanOrEqual(ENTRY_CHUNK_LIMIT)
    expect(rest.map((chunk) => chunk.file)).toContainEqual(expect.stringMatching(/browser-/))
  })

  it('loads nothing at run time but Electron, Node built-ins, PGlite and sharp', async () => {
    const loaded = await externalModules(outDir)
    expect(Object.keys(loaded)).toContain('main/index.js')
    expect(Object.keys(loaded)).toContain('main/backend.js')
    expect(Object.keys(loaded)).toContain('main/pglite-worker.js')
    expect(Object.keys(loaded)).toContain('main/password-worker.js')
    for (const [file, modules] of Object.entries(loaded)) {
      expect(
        modules.filter((specifier) => !isAllowedAtRuntime(specifier)),
        file
      ).toEqual([])
    }
    // PGlite runs in the engine's worker thread (src/backend/db/pglite-engine.ts).
    expect(loaded['main/pglite-worker.js']).toContain('@electric-sql/pglite')
    // sharp (storage/image-transform.ts) is required, not bundled, and resolves from the output.
    const withSharp = Object.keys(loaded).filter((file) => loaded[file].includes('sharp'))
    expect(withSharp.length).toBeGreaterThan(0)
    for (const file of withSharp) {
      expect(createRequire(resolve(outDir, file)).resolve('sharp')).toContain('node_modules')
    }
  })

  it('hashes passwords in the worker only: bcrypt is bundled there and nowhere else', async () => {
    // "Illegal number of rounds" is bcryptjs's own message: where it is, bcrypt's code is.
    const withBcrypt: string[] = []
    for (const file of await readdir(resolve(outDir, 'main'), { recursive: true })) {
      if (!file.endsWith('.js')) continue
      const code = await readFile(resolve(outDir, 'main', file), 'utf8')
      if (code.includes('Illegal number of rounds')) withBcrypt.push(file)
    }
    expect(withBcrypt).toEqual(['password-worker.js'])
    const builder = createRequire(__filename)('../../../electron-builder.config.cjs') as {
      asarUnpack: string[]
    }
    expect(builder.asarUnpack).toContain('out/main/password-worker.js')
  })

  it('ships PGlite and sharp as the runtime dependencies, sharp unpacked from the archive', () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(Object.keys(manifest.dependencies)).toEqual(['@electric-sql/pglite', 'sharp'])
    const builder = createRequire(__filename)('../../../electron-builder.config.cjs') as {
      asarUnpack: string[]
    }
    expect(builder.asarUnpack).toEqual(
      expect.arrayContaining(['node_modules/sharp/**/*', 'node_modules/@img/**/*'])
    )
  })
})

describe('finding what a bundle loads', () => {
  it('counts real require() and import() calls, not the same words inside strings', () => {
    const code = [
      'const a = require("zod")',
      'const b = () => import("./chunk.js")',
      'const generated = `require("ajv/dist/runtime/equal").default`',
      'const text = "require(\\"left-pad\\")"'
    ].join('\n')
    expect(modulesLoadedBy(code)).toEqual(['./chunk.js', 'zod'])
  })

  it('allows Electron, built-ins with or without node:, PGlite and its contrib, sharp, and nothing else', () => {
    for (const ok of [
      'electron',
      'node:fs',
      'fs/promises',
      'crypto',
      '@electric-sql/pglite/contrib/pg_trgm',
      'sharp'
    ]) {
      expect(isAllowedAtRuntime(ok), ok).toBe(true)
    }
    for (const bad of ['pg', 'zod', '@supabase/supabase-js', 'electron-store', 'pg-native']) {
      expect(isAllowedAtRuntime(bad), bad).toBe(false)
    }
  })
})

describe('PGlite extensions', () => {
  it('the backend loads, and the package ships, exactly the extensions the migrations create', async () => {
    const migrations = await loadMigrations(resolve(root, 'supabase/migrations'))
    const loaded = extensionsCreatedBy(migrations.map((migration) => migration.sql)).sort()
    expect(pgliteFiles.extensionsInMigrations(resolve(root, 'supabase/migrations'))).toEqual(loaded)
    const excluded = pgliteFiles.unusedExtensionExclusions(loaded)
    expect(excluded.length).toBeGreaterThan(20)
    for (const name of loaded) expect(excluded.join(' ')).not.toContain(`/dist/${name}.tar.gz`)
  })

  it('reads `create extension` in its spellings', () => {
    expect(
      extensionsCreatedBy([
        'create extension if not exists pg_trgm with schema extensions;',
        'CREATE EXTENSION "uuid-ossp";\ncreate extension unaccent;'
      ])
    ).toEqual(['pg_trgm', 'uuid-ossp', 'unaccent'])
  })
})
