// The parts of docs/ that restate the code, written from the code: the limits table (from
// src/shared/limits.ts), the IPC channels (from the bridge contract) and the data modules (from
// src/shared/data). A doc holds each between `<!-- generated:NAME -->` and
// `<!-- /generated:NAME -->`; `npm run docs` rewrites them, and a test fails while one is stale.
// Descriptions are the code's own comments, so a constant, channel or module without one is an
// error here rather than a blank line in the docs.

import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import prettier from 'prettier'
import ts from 'typescript'

const ROOT = resolve(__dirname, '../..')
export const DOCS_DIR = join(ROOT, 'docs')
const LIMITS_FILE = 'src/shared/limits.ts'
const CONTRACT_FILE = 'src/shared/bridge-contract.ts'
const DATA_DIR = 'src/shared/data'

/** A generated block: its start and end markers, and what lies between them. */
const BLOCK = /(<!-- generated:([\w-]+)[^>]*-->\n)[\s\S]*?(<!-- \/generated:\2 -->)/g

function parse(file: string): ts.SourceFile {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
}

/** The first sentence of a comment, on one line, without its full stop. */
function firstSentence(comment: string): string {
  const text = comment.replace(/\s+/g, ' ').trim()
  const end = text.search(/(?<!\b(?:e\.g|i\.e))\.(\s|$)/)
  return (end < 0 ? text : text.slice(0, end)).replace(/\|/g, '\\|')
}

function jsDocOf(node: ts.Node, what: string): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc)
  const text = docs.map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '').join(' ')
  if (!text.trim()) throw new Error(`${what} has no /** … */ comment: the docs are written from it`)
  return firstSentence(text)
}

const code = (text: string): string => `\`${text}\``
const number = (value: number): string => value.toLocaleString('en-US')

function formatLimit(name: string, value: unknown): string {
  if (typeof value === 'number') {
    if (name.endsWith('_MS')) return `${number(value)} ms`
    if (name.endsWith('_SECONDS')) return `${number(value)} s`
    if (/_(WIDTH|HEIGHT|DIMENSION)$/.test(name)) return `${number(value)} px`
    if (name.endsWith('_BYTES')) return `${number(value)} (${value / 1024 / 1024} MB)`
    return number(value)
  }
  if (value instanceof RegExp) return code(String(value)).replace(/\|/g, '\\|')
  if (Array.isArray(value)) return value.join(', ')
  return code(String(value))
}

async function limitsTable(): Promise<string> {
  const values: Record<string, unknown> = await import('../../src/shared/limits')
  const rows = ['| Constant | Value | Meaning |', '| --- | --- | --- |']
  for (const statement of parse(LIMITS_FILE).statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText()
      const meaning = jsDocOf(declaration, `${LIMITS_FILE}: ${name}`)
      rows.push(`| ${code(name)} | ${formatLimit(name, values[name])} | ${meaning} |`)
    }
  }
  return rows.join('\n')
}

/** The members of one interface of the bridge contract. */
function contractMembers(name: string): ts.PropertySignature[] {
  const found = parse(CONTRACT_FILE).statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name
  )
  if (!found) throw new Error(`${CONTRACT_FILE} has no interface ${name}`)
  return found.members.filter(ts.isPropertySignature)
}

function typeText(type: ts.TypeNode | undefined): string {
  const text = type?.getText().replace(/\s+/g, ' ') ?? 'void'
  return text === 'void' ? '—' : code(text).replace(/\|/g, '\\|')
}

function ipcTable(): string {
  const rows = ['| Channel | Direction | Carries | What for |', '| --- | --- | --- | --- |']
  for (const member of contractMembers('InvokeContract')) {
    const channel = member.name.getText().replace(/'/g, '')
    const shape: ts.PropertySignature[] =
      member.type && ts.isTypeLiteralNode(member.type)
        ? member.type.members.filter(ts.isPropertySignature)
        : []
    const part = (key: string): ts.TypeNode | undefined =>
      shape.find((p) => p.name.getText() === key)?.type
    const carries = `${typeText(part('request'))} → ${typeText(part('response'))}`
    const purpose = jsDocOf(member, `${CONTRACT_FILE}: ${channel}`)
    rows.push(`| ${code(channel)} | renderer → main | ${carries} | ${purpose} |`)
  }
  for (const member of contractMembers('EventContract')) {
    const channel = member.name.getText().replace(/'/g, '')
    const purpose = jsDocOf(member, `${CONTRACT_FILE}: ${channel}`)
    rows.push(`| ${code(channel)} | main → renderer | ${typeText(member.type)} | ${purpose} |`)
  }
  return rows.join('\n')
}

/** A module's opening `//` comment, up to its first blank line. */
function headerComment(file: string): string {
  const lines: string[] = []
  for (const line of readFileSync(join(ROOT, file), 'utf8').split('\n')) {
    if (!line.startsWith('//')) break
    lines.push(line.replace(/^\/\/\s?/, ''))
  }
  if (lines.length === 0) throw new Error(`${file} has no opening comment: the docs use it`)
  return lines.join(' ')
}

function exportedFunctions(file: string): string[] {
  const names: string[] = []
  for (const statement of parse(file).statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
    if (!exported) continue
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.push(statement.name.text)
  }
  return names.sort()
}

function dataModuleList(): string {
  const files = readdirSync(join(ROOT, DATA_DIR))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
  return files
    .map((name) => {
      const file = `${DATA_DIR}/${name}`
      const exports = exportedFunctions(file)
      const list = exports.length > 0 ? ` (${exports.map(code).join(', ')})` : ''
      return `- ${code(name)}: ${firstSentence(headerComment(file))}${list}.`
    })
    .join('\n')
}

const GENERATORS: Record<string, () => string | Promise<string>> = {
  limits: limitsTable,
  'ipc-channels': ipcTable,
  'data-modules': dataModuleList
}

export const GENERATED_BLOCKS = Object.keys(GENERATORS)

/**
 * `markdown` with every generated block rewritten and the whole file formatted as Prettier
 * leaves it (`npm run lint` checks docs/ too), so a fresh doc reads back unchanged.
 */
export async function regenerate(markdown: string, filepath: string): Promise<string> {
  const blocks = new Map<string, string>()
  for (const [, , name] of markdown.matchAll(BLOCK)) {
    const generate = GENERATORS[name]
    if (!generate) throw new Error(`${filepath}: unknown generated block "${name}"`)
    blocks.set(name, await generate())
  }
  const text = markdown.replace(BLOCK, (_all, start: string, name: string, end: string) => {
    return `${start}\n${blocks.get(name)}\n\n${end}`
  })
  const options = (await prettier.resolveConfig(filepath)) ?? {}
  return prettier.format(text, { ...options, filepath })
}

/** Every doc in docs/ and the generated blocks it holds. */
export function docsWithBlocks(): Array<{ path: string; blocks: string[] }> {
  return readdirSync(DOCS_DIR)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => {
      const path = join(DOCS_DIR, name)
      const text = readFileSync(path, 'utf8')
      return { path, blocks: [...text.matchAll(BLOCK)].map((match) => match[2]) }
    })
    .filter((doc) => doc.blocks.length > 0)
}
