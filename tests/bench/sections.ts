// Writing one section of docs/performance.md from a partial bench run (bench:people,
// bench:realtime), leaving the rest of the file as the last full run wrote it.

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
