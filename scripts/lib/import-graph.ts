// The import graph of a part of the source tree, and the cycles in it: each module's imports
// (static, dynamic and type-only alike, as TypeScript reads them) resolved to files, the
// `@shared` and `@renderer` aliases included. Used by the layering test of the source tree.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

/** Source files under `dir` (tests and declaration files left out). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : []
  })
}

function resolveImport(
  from: string,
  specifier: string,
  aliases: Record<string, string>
): string | null {
  const alias = Object.keys(aliases).find(
    (name) => specifier === name || specifier.startsWith(`${name}/`)
  )
  const base = specifier.startsWith('.')
    ? resolve(dirname(from), specifier)
    : alias
      ? aliases[alias] + specifier.slice(alias.length)
      : null
  if (base === null) return null
  if (existsSync(base) && statSync(base).isFile()) return base
  const found = EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path))
  return found ?? null
}

/** Each file's imports that resolve to files of the project. */
export function importGraph(
  files: readonly string[],
  aliases: Record<string, string>
): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const targets = importedFiles.flatMap(({ fileName }) => {
        const target = resolveImport(file, fileName, aliases)
        return target ? [target] : []
      })
      return [file, targets]
    })
  )
}

/**
 * Import cycles among the graph's files, as paths relative to `root`: at least one for every
 * cycle there is (none means the graph has none), each listed once.
 */
export function importCycles(graph: Map<string, string[]>, root: string): string[][] {
  const cycles = new Map<string, string[]>()
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string): void => {
    state.set(file, 'open')
    path.push(file)
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue
      if (state.get(target) === 'open') {
        const cycle = path.slice(path.indexOf(target)).map((step) => relative(root, step))
        cycles.set([...cycle].sort().join('|'), cycle)
      } else if (!state.has(target)) visit(target)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return [...cycles.values()]
}
