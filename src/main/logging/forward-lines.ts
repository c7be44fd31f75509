// The local backend writes its log to stdout and stderr; main turns the streams into whole lines
// for backend.log. A line split across two chunks is joined, and an endless line is cut so one
// runaway write cannot hold memory.

export interface ReadableLike {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

export const MAX_LINE_LENGTH = 16 * 1024

export function forwardLines(stream: ReadableLike | null, write: (line: string) => void): void {
  if (!stream) return
  let partial = ''
  const emit = (line: string): void => {
    const trimmed = line.replace(/\r$/, '')
    if (trimmed.trim() !== '') write(trimmed)
  }
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) emit(line)
    if (partial.length > MAX_LINE_LENGTH) {
      emit(partial.slice(0, MAX_LINE_LENGTH) + '…')
      partial = ''
    }
  })
  stream.on('end', () => {
    emit(partial)
    partial = ''
  })
}
