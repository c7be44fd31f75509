// What a clip becomes: its codecs by what this machine can encode, its size, its trim, and the
// time left shown while it converts.

import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@shared/messages'
import {
  chooseOutput,
  clock,
  initialTrim,
  MP4_PLAN,
  scaledSize,
  secondsLeft,
  trimProblem,
  WEBM_PLAN
} from './videoPlan'

describe('video plan', () => {
  it('makes MP4 only where H.264 (and AAC, when there is sound) can be encoded', () => {
    expect(chooseOutput(true, true, true)).toBe(MP4_PLAN)
    expect(chooseOutput(true, false, false)).toBe(MP4_PLAN)
    expect(chooseOutput(true, false, true)).toBe(WEBM_PLAN)
    expect(chooseOutput(false, true, true)).toBe(WEBM_PLAN)
  })

  it('scales the long side to 1080 px at most, never up, in even numbers', () => {
    expect(scaledSize(3840, 2160)).toEqual({ width: 1080, height: 608 })
    expect(scaledSize(1080, 1920)).toEqual({ width: 608, height: 1080 })
    expect(scaledSize(321, 241)).toEqual({ width: 322, height: 242 })
  })

  it('keeps at most three minutes, inside the clip, never nothing', () => {
    expect(initialTrim(600_000)).toEqual({ startMs: 0, endMs: 180_000 })
    expect(trimProblem({ startMs: 0, endMs: 180_000 }, 600_000)).toBeNull()
    expect(trimProblem({ startMs: 0, endMs: 180_100 }, 600_000)).toBe(MESSAGES.videoTooLong)
    expect(trimProblem({ startMs: 500, endMs: 550 }, 600_000)).toBe(MESSAGES.videoTrimEmpty)
    expect(trimProblem({ startMs: 0, endMs: 1_000 }, 0)).toBe(MESSAGES.videoUnreadable)
  })

  it('tells the time left once there is enough to go by', () => {
    expect(secondsLeft(0.01, 5_000)).toBeNull()
    expect(secondsLeft(0.5, 10_000)).toBe(10)
    expect(clock(65_000)).toBe('1:05')
  })
})
