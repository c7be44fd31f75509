// Writing sections of docs/performance.md from a bench run, leaving the rest of the file as it
// was: a partial run (bench:people, bench:realtime) writes its one section, and the full run
// writes all of its own without wiping those of the separate runs (direct, thread, safety).

/**
 * `report` with the section that starts with `section`'s heading line replaced by `section`.
 * An absent section goes before the heading `before` when there is one, else at the end.
 */
export function spliceSection(report: string, section: string[], before?: string): string {
  const lines = report.split('\n')
  const heading = section[0]
  const start = lines.indexOf(heading)
  if (start < 0) {
    const at = before === undefined ? -1 : lines.indexOf(before)
    if (at < 0) return [...lines, ...section].join('\n')
    return [...lines.slice(0, at), ...section, ...lines.slice(at)].join('\n')
  }
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  if (end < 0) end = lines.length
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n')
}

/**
 * `existing` with every `## ` section of `report` spliced in (new ones at the end), and the text
 * before the first heading (the title and targets' preamble) taken from `report`.
 */
export function spliceSections(existing: string, report: string): string {
  const [preamble, ...sections] = report.split(/\n(?=## )/)
  const existingSections = existing.split(/\n(?=## )/)
  const existingPreamble = existingSections[0].startsWith('## ') ? '' : existingSections[0]
  let out = existing.slice(existingPreamble.length)
  for (const section of preamble.startsWith('## ') ? [preamble, ...sections] : sections)
    out = spliceSection(out, [...section.trimEnd().split('\n'), ''])
  return preamble.startsWith('## ') ? out : `${preamble}${out}`
}
