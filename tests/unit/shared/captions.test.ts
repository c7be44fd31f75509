// A clip's WebVTT captions as Create and the upload pipeline check them: the cues of a valid file
// (identifiers, settings, hours, NOTE and STYLE blocks, any line ending, a byte order mark), and
// each refusal with its reason and line.

import { describe, expect, it } from 'vitest'
import { checkCaptions, parseWebVtt, timestampMs } from '../../../src/shared/captions'
import { MAX_CAPTIONS_BYTES } from '../../../src/shared/limits'

const encode = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('WebVTT captions', () => {
  it('reads the cues of a file with identifiers, settings, notes and styles', () => {
    const file = [
      'WEBVTT - the harbour',
      'Kind: captions',
      '',
      'NOTE written by hand',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:00.000 --> 00:01.500 align:start line:90%',
      'Waves on the wall',
      '',
      '01:02:03.004 --> 01:02:04.000',
      '<v Ana>Two lines,',
      'one cue'
    ].join('\r\n')
    const read = parseWebVtt(`\uFEFF${file}\r\n`)
    expect(read).toEqual({
      ok: true,
      text: `${file}\r\n`,
      cues: [
        { startMs: 0, endMs: 1_500, text: 'Waves on the wall' },
        { startMs: 3_723_004, endMs: 3_724_000, text: '<v Ana>Two lines,\none cue' }
      ]
    })
  })

  it('takes the old Mac line ending too', () => {
    const read = parseWebVtt('WEBVTT\r\r00:01.000 --> 00:02.000\rHi\r')
    expect(read.ok && read.cues).toEqual([{ startMs: 1_000, endMs: 2_000, text: 'Hi' }])
  })

  it('reads timestamps with and without hours, and refuses malformed ones', () => {
    expect(timestampMs('00:01.250')).toBe(1_250)
    expect(timestampMs('100:00:00.000')).toBe(360_000_000)
    for (const bad of ['1:00.000', '00:60.000', '00:01,000', '00:01.5', '60:00.000'])
      expect(timestampMs(bad)).toBeNull()
  })

  it('refuses a file without the WEBVTT signature (an SRT file, for one)', () => {
    expect(parseWebVtt('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toEqual({
      ok: false,
      reason: 'notWebVtt'
    })
    expect(parseWebVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\nHi')).toMatchObject({
      reason: 'notWebVtt'
    })
  })

  it('names the line of a cue whose timing cannot be read or ends before it starts', () => {
    expect(
      parseWebVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:03,000 --> 00:04.000\nTwo')
    ).toEqual({ ok: false, reason: 'badTiming', line: 6 })
    expect(parseWebVtt('WEBVTT\n\nsecond\n00:05.000 --> 00:04.000\nBackwards')).toEqual({
      ok: false,
      reason: 'badTiming',
      line: 4
    })
    expect(parseWebVtt('WEBVTT\n\nJust some words\nwith no times')).toEqual({
      ok: false,
      reason: 'badTiming',
      line: 4
    })
  })

  it('refuses a file with no cue', () => {
    expect(parseWebVtt('WEBVTT\n\nNOTE nothing yet\n')).toEqual({ ok: false, reason: 'noCues' })
  })

  it('checks the bytes: at most the size cap, and UTF-8', () => {
    const cue = '00:01.000 --> 00:02.000\nHi\n\n'
    const atCap = `WEBVTT\n\n${cue}NOTE `.padEnd(MAX_CAPTIONS_BYTES, 'x')
    expect(checkCaptions(encode(atCap)).ok).toBe(true)
    expect(checkCaptions(encode(`${atCap}x`))).toEqual({ ok: false, reason: 'tooLarge' })
    const latin1 = Uint8Array.from([...encode('WEBVTT\n\n00:01.000 --> 00:02.000\n'), 0xe9])
    expect(checkCaptions(latin1)).toEqual({ ok: false, reason: 'notText' })
  })
})
