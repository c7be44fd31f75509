import { describe, expect, it } from 'vitest'
import { sendLatest } from './sendLatest'

describe('sendLatest', () => {
  it('sends the shown state once when nothing changes meanwhile', async () => {
    const sent: boolean[] = []
    const outcome = await sendLatest({
      confirmed: false,
      shown: () => true,
      send: async (wanted) => {
        sent.push(wanted)
        return 'ok'
      }
    })
    expect(sent).toEqual([true])
    expect(outcome).toEqual({ confirmed: true, result: 'ok' })
  })

  it('sends the latest tap after the send in flight, skipping the taps in between', async () => {
    let shown = true
    const sent: boolean[] = []
    const outcome = await sendLatest({
      confirmed: false,
      shown: () => shown,
      send: async (wanted) => {
        sent.push(wanted)
        // Three taps land while the first send is on its way: true → false → true → false.
        if (sent.length === 1) shown = false
        return sent.length
      }
    })
    expect(sent).toEqual([true, false])
    expect(outcome).toEqual({ confirmed: false, result: 2 })
  })

  it('stops at the first refusal and says what the server still holds', async () => {
    let shown = true
    const refusal = new Error('refused')
    const outcome = await sendLatest({
      confirmed: false,
      shown: () => shown,
      send: async (wanted) => {
        if (!wanted) throw refusal
        shown = false
      }
    })
    expect(outcome).toEqual({ confirmed: true, error: refusal })
  })

  it('stops when the screen no longer shows the toggle', async () => {
    const sent: boolean[] = []
    const outcome = await sendLatest({
      confirmed: false,
      shown: () => undefined,
      send: async (wanted) => {
        sent.push(wanted)
      }
    })
    expect(sent).toEqual([])
    expect(outcome.confirmed).toBe(false)
  })
})
