// The source tree's shape, checked on the tree: in the renderer one data path (stores,
// components and everything around them reach the data layer only through services/, which
// ESLint enforces) and an offline/ layer that draws nothing and knows no store; everywhere in
// src/ no import cycle and no source file over 300 lines.

import { readFileSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { importCycles, importGraph, sourceFiles } from '../../../scripts/lib/import-graph'

const root = resolve(__dirname, '../../..')
const src = resolve(root, 'src')
const renderer = resolve(src, 'renderer/src')
const offline = resolve(renderer, 'offline')
const ALIASES = { '@shared': resolve(src, 'shared'), '@renderer': renderer }
const MAX_LINES = 300

const REACHING_THE_DATA_LAYER = [
  "import { savePost } from '@shared/data/saves'",
  "import type { PageCursor } from '@shared/data/keyset'",
  "import { createClient } from '@supabase/supabase-js'",
  "import * as data from '../../../../shared/data/feed'",
  'export const all = [savePost, createClient, data] as unknown as PageCursor'
].join('\n')

async function dataPathErrors(path: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root })
  const [result] = await eslint.lintText(REACHING_THE_DATA_LAYER, {
    filePath: resolve(root, path)
  })
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('the renderer', () => {
  it('refuses the data layer and supabase-js in stores and components (ESLint)', async () => {
    for (const path of [
      'src/renderer/src/store/saved/example.ts',
      'src/renderer/src/components/PostCard/Example.tsx',
      'src/renderer/src/offline/outbox/example.ts'
    ]) {
      const errors = await dataPathErrors(path)
      expect(errors, path).toHaveLength(4)
      expect(errors[0], path).toMatch(/through Services/)
    }
  }, 60_000)

  it('lets services/ and platform/ reach the data layer', async () => {
    expect(await dataPathErrors('src/renderer/src/services/example.ts')).toEqual([])
    expect(await dataPathErrors('src/renderer/src/platform/example.ts')).toEqual([])
  }, 60_000)

  it('keeps offline/ below the stores: no UI in it, no store or component imported', () => {
    const files = sourceFiles(offline)
    expect(files.length).toBeGreaterThan(10)
    expect(
      files.filter((file) => file.endsWith('.tsx')).map((file) => relative(root, file))
    ).toEqual([])
    const graph = importGraph(files, ALIASES)
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => !target.startsWith(offline + sep))
        .filter((target) => /^(store|components)$/.test(relative(renderer, target).split(sep)[0]))
        .map((target) => `${relative(root, file)} -> ${relative(root, target)}`)
    )
    expect(upward).toEqual([])
  })
})

describe('the source tree', () => {
  it('has no import cycle, type-only imports included', () => {
    const graph = importGraph(sourceFiles(src), ALIASES)
    expect(graph.size).toBeGreaterThan(600)
    expect(importCycles(graph, root)).toEqual([])
  })

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = sourceFiles(src).flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n').length - 1
      return lines > MAX_LINES ? [`${relative(root, file)}: ${lines}`] : []
    })
    expect(long).toEqual([])
  })
})

describe('finding import cycles', () => {
  it('finds a cycle through any number of files, and none in a tree', () => {
    const graph = new Map([
      ['/r/a.ts', ['/r/b.ts']],
      ['/r/b.ts', ['/r/c.ts', '/r/d.ts']],
      ['/r/c.ts', ['/r/a.ts']],
      ['/r/d.ts', []]
    ])
    expect(importCycles(graph, '/r')).toEqual([['a.ts', 'b.ts', 'c.ts']])
    graph.set('/r/c.ts', ['/r/d.ts'])
    expect(importCycles(graph, '/r')).toEqual([])
  })
})
