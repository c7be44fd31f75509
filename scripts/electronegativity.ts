// `npm run lint:electron`: runs Doyensec's Electronegativity over the main and preload sources
// and fails on any finding not accepted, with a reason, in .electronegativity-accepted.json.
// Main and preload are scanned together so its global checks (CSP, navigation limits,
// permission handler) see the whole desktop side.

import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

interface Finding {
  issue: string
  severity: string
  file: string
  location: string
  description: string
}

interface Accepted {
  issue: string
  file: string
  reason: string
}

const root = resolve(import.meta.dirname, '..')
const acceptedPath = join(root, '.electronegativity-accepted.json')
const scanned = ['main', 'preload']

interface Sarif {
  runs: Array<{
    results: Array<{
      ruleId: string
      level: string
      message: { text: string }
      locations?: Array<{
        physicalLocation: {
          artifactLocation: { uri: string }
          region?: { startLine?: number; startColumn?: number }
        }
      }>
    }>
  }>
}

function runScan(): Finding[] {
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  try {
    const input = join(work, 'src')
    for (const folder of scanned)
      cpSync(join(root, 'src', folder), join(input, folder), { recursive: true })
    // SARIF, not CSV: the CSV writer races its header against its rows (two async writes).
    const output = join(work, 'result.sarif')
    const electronVersion = (
      JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
        version: string
      }
    ).version
    const bin = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js')
    const result = spawnSync(
      process.execPath,
      [bin, '-i', input, '-o', output, '-r', '-v', 'false', '-e', electronVersion],
      { encoding: 'utf8', timeout: 300_000 }
    )
    if (!existsSync(output)) {
      console.error(result.stdout, result.stderr)
      throw new Error(`electronegativity produced no report (exit ${result.status})`)
    }
    const report = JSON.parse(readFileSync(output, 'utf8')) as Sarif
    return report.runs.flatMap((run) =>
      run.results.map((result) => {
        const location = result.locations?.[0]?.physicalLocation
        return {
          issue: result.ruleId,
          severity: result.level,
          file: (location?.artifactLocation.uri ?? 'N/A').replace(/\\/g, '/'),
          location: `${location?.region?.startLine ?? 0}:${location?.region?.startColumn ?? 0}`,
          description: result.message.text
        }
      })
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function main(): void {
  const accepted = (JSON.parse(readFileSync(acceptedPath, 'utf8')) as { accepted: Accepted[] })
    .accepted
  for (const entry of accepted) {
    if (!entry.reason?.trim())
      throw new Error(`Accepted ${entry.issue} in ${entry.file} has no reason`)
  }
  const findings = runScan()
  const used = new Set<Accepted>()
  const unaccepted = findings.filter((finding) => {
    const match = accepted.find((a) => a.issue === finding.issue && a.file === finding.file)
    if (match) used.add(match)
    return !match
  })
  for (const entry of accepted) {
    if (!used.has(entry))
      console.warn(`stale acceptance (no longer found): ${entry.issue} in ${entry.file}`)
  }
  console.log(
    `electronegativity: ${findings.length} finding(s), ${findings.length - unaccepted.length} accepted`
  )
  if (unaccepted.length > 0) {
    for (const finding of unaccepted) {
      console.error(
        `✗ ${finding.issue} [${finding.severity}] ${finding.file}:${finding.location} — ${finding.description}`
      )
    }
    console.error(`\nFix these, or accept them with a reason in .electronegativity-accepted.json.`)
    process.exit(1)
  }
}

main()
