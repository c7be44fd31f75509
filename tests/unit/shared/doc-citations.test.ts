// The repository explains itself: a comment may point at docs/product.md or docs/architecture.md
// (and at a heading in them), but never at a document the repository does not contain, such as
// numbered sections of a spec or of an HTTP reference, or a "pitfall N" from a list kept
// elsewhere. This scans every text file under src/, tests/, scripts/ and supabase/ (and the
// README) and checks each citation against the files and headings in docs/: the heading must
// exist, name one section only (its anchor too), and that section must say something.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(__dirname, '../../..')
const SCANNED = ['src', 'tests', 'scripts', 'supabase', 'README.md']
const SKIPPED_DIRS = new Set(['node_modules', 'out', 'dist', 'dist-web', 'release', '.data'])
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.cjs',
  '.mjs',
  '.sql',
  '.scss',
  '.css',
  '.html',
  '.toml',
  '.json',
  '.md',
  '.yml',
  '.yaml',
  '.sh'
])
/** This file spells out the forbidden forms in its own examples. */
const SELF = relative(ROOT, __filename)

interface CitationProblem {
  line: number
  text: string
  reason: string
}

/** Section signs and numbered pitfalls always point into a document kept somewhere else. */
const FORBIDDEN: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  {
    pattern: /§\s*\d/,
    reason: 'cites a numbered section (§N) of a document not in the repository'
  },
  { pattern: /\b(?:spec|reference)\s*§/i, reason: 'cites "spec §" or "reference §"' },
  {
    pattern: /\bpitfalls?\s+\d+/i,
    reason: 'cites a numbered pitfall from a list not in the repository'
  },
  {
    pattern: /\b(?:product-spec|supabase-http-contract|design-card|ARCHITECTURE|CONVENTIONS)\.md\b/,
    reason: 'cites a shared document that is not in the repository'
  }
]

const DOC_PATH = /\bdocs\/[\w.-]+\.md\b/g
/** Spaces, and the markers that continue a comment on the next line. */
const GAP = String.raw`(?:\s|\/\/|\*(?!\/)|--|#)*`
/** `docs/x.md, "Heading"` or `docs/x.md ("Heading"`, with any further `, "Heading"`. */
const DOC_SECTIONS = new RegExp(
  String.raw`\b(docs\/[\w.-]+\.md)(?:,|\s*\()${GAP}((?:"[^"]{1,100}"(?:,${GAP})?)+)`,
  'g'
)

/** A heading wrapped over two comment lines (`"Create a\n// post"`) reads as one. */
function unwrap(heading: string): string {
  return heading.replace(/\s*\n[ \t]*(?:\/\/|\*|--|#)?[ \t]*/g, ' ')
}

interface Section {
  heading: string
  /** The heading's anchor, as GitHub makes it (lower case, punctuation dropped, - for spaces). */
  anchor: string
  /** What lies under the heading, down to the next heading of its level or above. */
  body: string
}

function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function sectionsOf(markdown: string): Section[] {
  const headings = [...markdown.matchAll(/^(#{1,6})\s+(.+?)\s*#*\s*$/gm)]
  return headings.map((match, i) => {
    const level = match[1].length
    const next = headings.slice(i + 1).find((later) => later[1].length <= level)
    const start = (match.index ?? 0) + match[0].length
    return {
      heading: match[2],
      anchor: anchorOf(match[2]),
      body: markdown.slice(start, next?.index ?? markdown.length)
    }
  })
}

/** Why a citation of `heading` does not lead to one section with something in it, or null. */
function sectionProblem(sections: Section[], heading: string): string | null {
  const found = sections.filter((section) => section.heading === heading)
  if (found.length === 0) return 'has no heading'
  const anchor = anchorOf(heading)
  if (sections.filter((section) => section.anchor === anchor).length > 1) {
    return 'has more than one section (or anchor) named'
  }
  return found[0].body.trim() === '' ? 'has an empty section' : null
}

/**
 * Every bad citation in `text`. `readDoc` returns a docs/ file's markdown, or null when the
 * repository has no such file.
 */
function findCitationProblems(
  text: string,
  readDoc: (path: string) => string | null
): CitationProblem[] {
  const problems: CitationProblem[] = []
  text.split('\n').forEach((line, index) => {
    // One reason per line is enough to find it.
    const forbidden = FORBIDDEN.find(({ pattern }) => pattern.test(line))
    if (forbidden) problems.push({ line: index + 1, text: line.trim(), reason: forbidden.reason })
    for (const [path] of line.matchAll(DOC_PATH)) {
      if (readDoc(path) === null) {
        problems.push({ line: index + 1, text: line.trim(), reason: `${path} does not exist` })
      }
    }
  })
  for (const match of text.matchAll(DOC_SECTIONS)) {
    const markdown = readDoc(match[1])
    if (markdown === null) continue
    const sections = sectionsOf(markdown)
    for (const [, quoted] of match[2].matchAll(/"([^"]+)"/g)) {
      const heading = unwrap(quoted)
      const problem = sectionProblem(sections, heading)
      if (!problem) continue
      problems.push({
        line: text.slice(0, match.index).split('\n').length,
        text: unwrap(match[0]),
        reason: `${match[1]} ${problem} "${heading}"`
      })
    }
  }
  return problems
}

function* textFiles(path: string): Generator<string> {
  const full = join(ROOT, path)
  if (!existsSync(full)) return
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const child = join(path, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* textFiles(child)
    } else if (TEXT_EXTENSIONS.has(extname(entry.name))) {
      yield child
    }
  }
}

function readRepositoryDoc(path: string): string | null {
  const full = join(ROOT, path)
  return existsSync(full) ? readFileSync(full, 'utf8') : null
}

describe('findCitationProblems', () => {
  const docs: Record<string, string> = {
    'docs/product.md': '# Product\n\n## Feed\n\n### Avatar menu\n\nA menu.\n',
    'docs/architecture.md': '# Architecture\n\n## The local backend\n\nA server.\n'
  }
  const readDoc = (path: string): string | null => docs[path] ?? null
  const reasons = (text: string): string[] =>
    findCitationProblems(text, readDoc).map((problem) => problem.reason)

  it('refuses numbered sections of outside documents and numbered pitfalls', () => {
    expect(reasons('// Trimmed on save (spec §5).')).toEqual([
      'cites a numbered section (§N) of a document not in the repository'
    ])
    expect(reasons('// The role comes from the bearer token (reference §).')).toEqual([
      'cites "spec §" or "reference §"'
    ])
    expect(reasons('// Needs three policies (§5.7).')).toEqual([
      'cites a numbered section (§N) of a document not in the repository'
    ])
    expect(reasons('// exactly as PostgREST does (pitfalls 6 and 7).')).toEqual([
      'cites a numbered pitfall from a list not in the repository'
    ])
    expect(reasons('-- see product-spec.md')).toEqual([
      'cites a shared document that is not in the repository'
    ])
  })

  it('refuses a docs/ file that does not exist', () => {
    expect(reasons('// see docs/roadmap.md')).toEqual(['docs/roadmap.md does not exist'])
  })

  it('refuses a heading the cited doc does not have, at any heading level', () => {
    expect(reasons('// (docs/product.md, "Feed")')).toEqual([])
    expect(reasons('// (docs/product.md, "Avatar menu")')).toEqual([])
    expect(reasons('// (docs/product.md, "Feed", "Stories")')).toEqual([
      'docs/product.md has no heading "Stories"'
    ])
    expect(reasons('// docs/architecture.md ("Where to add a feature" says how)')).toEqual([
      'docs/architecture.md has no heading "Where to add a feature"'
    ])
  })

  it('refuses a section that is empty, or that the doc names twice', () => {
    const doc = '# Product\n\n## Feed\n\nText.\n\n## Empty\n\n## Twice\n\nA.\n\n### Twice\n\nB.\n'
    const readOne = (path: string): string | null => (path === 'docs/product.md' ? doc : null)
    const why = (text: string): string[] =>
      findCitationProblems(text, readOne).map((problem) => problem.reason)
    expect(why('// (docs/product.md, "Feed")')).toEqual([])
    expect(why('// (docs/product.md, "Empty")')).toEqual([
      'docs/product.md has an empty section "Empty"'
    ])
    expect(why('// (docs/product.md, "Twice")')).toEqual([
      'docs/product.md has more than one section (or anchor) named "Twice"'
    ])
    // A section whose text is all in its subsections is not empty.
    expect(why('// (docs/product.md, "Product")')).toEqual([])
  })

  it('reads a heading wrapped over two comment lines as one', () => {
    expect(reasons('// the texts (docs/architecture.md, "The local\n// backend") apply')).toEqual(
      []
    )
    expect(reasons(' * see (docs/architecture.md, "The local\n * server")')).toEqual([
      'docs/architecture.md has no heading "The local server"'
    ])
  })

  it('accepts plain prose and existing docs', () => {
    expect(reasons('// The role comes only from the bearer token, never from `apikey`.')).toEqual(
      []
    )
    expect(reasons('// Logged only (docs/product.md).')).toEqual([])
  })
})

describe('the repository', () => {
  it('cites only documents, and headings, that it contains', () => {
    const problems: string[] = []
    let scanned = 0
    for (const top of SCANNED) {
      const files = top.endsWith('.md') ? [top] : [...textFiles(top)]
      for (const file of files) {
        if (file === SELF || !existsSync(join(ROOT, file))) continue
        scanned++
        const text = readFileSync(join(ROOT, file), 'utf8')
        for (const problem of findCitationProblems(text, readRepositoryDoc)) {
          problems.push(`${file}:${problem.line}: ${problem.reason}: ${problem.text}`)
        }
      }
    }
    expect(scanned).toBeGreaterThan(100)
    expect(problems).toEqual([])
  })
})
