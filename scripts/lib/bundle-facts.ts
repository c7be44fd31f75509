// Facts about a built app in out/ that the package promises: the renderer's entry chunk stays
// small (gzipped), and main, preload and the backend require nothing at run time but Electron,
// Node's built-ins and PGlite (everything else is bundled). Used by a test and by the bench.

import { readdir, readFile } from 'node:fs/promises'
import { builtinModules } from 'node:module'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import ts from 'typescript'

export interface ChunkSize {
  file: string
  bytes: number
  gzipBytes: number
}

async function filesUnder(folder: string, extension: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The renderer's scripts, the entry chunk (the one index.html loads) first. */
export async function rendererChunks(outDir: string): Promise<ChunkSize[]> {
  const rendererDir = join(outDir, 'renderer')
  const html = await readFile(join(rendererDir, 'index.html'), 'utf8')
  const entry = /<script[^>]+src="\.?\/?([^"]+\.js)"/.exec(html)?.[1]
  if (!entry) throw new Error('out/renderer/index.html loads no script')
  const chunks: ChunkSize[] = []
  for (const path of await filesUnder(rendererDir, '.js')) {
    const bytes = await readFile(path)
    chunks.push({
      file: relative(rendererDir, path),
      bytes: bytes.length,
      gzipBytes: gzipSync(bytes, { level: 9 }).length
    })
  }
  return chunks.sort((a, b) =>
    a.file === entry ? -1 : b.file === entry ? 1 : b.gzipBytes - a.gzipBytes
  )
}

/** Every module a bundle loads with require() or import(): real calls, not text in strings. */
export function modulesLoadedBy(code: string): string[] {
  const source = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, false)
  const found = new Set<string>()
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const [argument] = node.arguments
      const loads =
        (ts.isIdentifier(node.expression) && node.expression.text === 'require') ||
        node.expression.kind === ts.SyntaxKind.ImportKeyword
      if (loads && ts.isStringLiteralLike(argument)) found.add(argument.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...found].sort()
}

const BUILTINS = new Set(builtinModules)

/**
 * Whether a packaged app may load `specifier` from outside its own bundle: Electron, Node's
 * built-ins and the two runtime dependencies, PGlite and sharp (the backend's image
 * transformations).
 */
export function isAllowedAtRuntime(specifier: string): boolean {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return true
  if (specifier === 'electron' || specifier.startsWith('node:')) return true
  if (BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0])) return true
  if (specifier === 'sharp') return true
  return specifier === '@electric-sql/pglite' || specifier.startsWith('@electric-sql/pglite/')
}

/** What out/main and out/preload load that is not bundled, by file. */
export async function externalModules(outDir: string): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {}
  for (const folder of ['main', 'preload']) {
    for (const path of await filesUnder(join(outDir, folder), '.js')) {
      const modules = modulesLoadedBy(await readFile(path, 'utf8')).filter(
        (specifier) => !specifier.startsWith('.')
      )
      result[relative(outDir, path)] = modules
    }
  }
  return result
}
