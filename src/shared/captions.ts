// A clip's captions as a WebVTT file (https://www.w3.org/TR/webvtt1/): checked when chosen in
// Create and again before upload, so that what the videos bucket stores is a small UTF-8 file a
// browser's <track> will read. The browser parses it for display; this reads it only as far as
// needed to refuse a wrong one with a clear reason: the WEBVTT signature, each cue's timing line
// (hh:mm:ss.ttt or mm:ss.ttt, the end after the start), and at least one cue. NOTE, STYLE and
// REGION blocks are skipped as the format allows.

import { MAX_CAPTIONS_BYTES } from './limits'

export interface Cue {
  startMs: number
  endMs: number
  text: string
}

/** Why a file is refused, with the line (1-based) where the problem is when there is one. */
export type CaptionsProblem =
  | { reason: 'tooLarge' }
  | { reason: 'notText' }
  | { reason: 'notWebVtt' }
  | { reason: 'badTiming'; line: number }
  | { reason: 'noCues' }

export type CaptionsCheck =
  { ok: true; text: string; cues: Cue[] } | ({ ok: false } & CaptionsProblem)

export const CAPTIONS_MIME_TYPE = 'text/vtt'

const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/
const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/

/** Milliseconds of a WebVTT timestamp, or null when it is not one. */
export function timestampMs(value: string): number | null {
  const match = TIMESTAMP.exec(value)
  if (!match) return null
  const [, hours = '0', minutes, seconds, millis] = match
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis)
}

/** The start and end of a timing line (`00:01.000 --> 00:02.500 align:start`), or null. */
function timing(line: string): { startMs: number; endMs: number } | null {
  const match = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t].*)?$/.exec(line)
  if (!match) return null
  const startMs = timestampMs(match[1])
  const endMs = timestampMs(match[2])
  if (startMs === null || endMs === null || endMs <= startMs) return null
  return { startMs, endMs }
}

/** Reads a WebVTT text: its cues, or why it is not one. */
export function parseWebVtt(source: string): CaptionsCheck {
  const text = source.replace(/^\uFEFF/, '')
  const lines = text.split(/\r\n|\r|\n/)
  if (!SIGNATURE.test(lines[0] ?? '')) return { ok: false, reason: 'notWebVtt' }
  const cues: Cue[] = []
  let at = 1
  // The header runs to the first blank line.
  while (at < lines.length && lines[at] !== '') at += 1
  while (at < lines.length) {
    while (at < lines.length && lines[at] === '') at += 1
    if (at >= lines.length) break
    const block: string[] = []
    const first = at
    while (at < lines.length && lines[at] !== '') block.push(lines[at++])
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]) && !block[0].includes('-->')) continue
    // An optional identifier line, then the timing line.
    const timingAt = block[0].includes('-->') ? 0 : 1
    const times = block[timingAt] === undefined ? null : timing(block[timingAt])
    if (!times) return { ok: false, reason: 'badTiming', line: first + timingAt + 1 }
    cues.push({ ...times, text: block.slice(timingAt + 1).join('\n') })
  }
  if (cues.length === 0) return { ok: false, reason: 'noCues' }
  return { ok: true, text, cues }
}

/** A captions file's bytes: within the size cap, UTF-8, and WebVTT with at least one cue. */
export function checkCaptions(bytes: Uint8Array): CaptionsCheck {
  if (bytes.byteLength > MAX_CAPTIONS_BYTES) return { ok: false, reason: 'tooLarge' }
  let source: string
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return { ok: false, reason: 'notText' }
  }
  return parseWebVtt(source)
}
