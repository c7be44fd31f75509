// The report, block and mute dialog's steps without a DOM: a report needs a reason and ends on
// "Thanks for reporting"; a block or mute goes through the safety store, closes the dialog and
// says so; a refusal keeps the dialog open with its reason.

import { describe, expect, it, vi } from 'vitest'
import { createHarness, signedIn } from '../../testing/fakes'
import { HOME, profileRoute } from '../router/routes'
import { createSafetyFlow, type SafetyStep } from './safetyFlow'
import { inEnglish } from '../../testing/inEnglish'

const ana = { id: 'ana-id', username: 'ana' }

function setup(step: SafetyStep = 'menu') {
  const harness = createHarness({ snapshot: signedIn() })
  const flow = createSafetyFlow(harness.stores, {
    person: ana,
    target: { type: 'post', id: 'p1' },
    step
  })
  const exits = { onClose: vi.fn(), onBlocked: vi.fn() }
  const toasts = vi.spyOn(harness.stores.toast.getState(), 'show')
  return { ...harness, flow, exits, toasts }
}

describe('safety flow', () => {
  it('reports what it was opened on, with the reason and details, then thanks', async () => {
    const { flow, services } = setup()
    flow.getState().go('report')
    await flow.getState().report()
    expect(services.safety.report).not.toHaveBeenCalled()
    flow.getState().setReason('spam')
    flow.getState().setDetails('the same link ten times')
    await flow.getState().report()
    expect(services.safety.report).toHaveBeenCalledWith(
      'post',
      'p1',
      'spam',
      'the same link ten times'
    )
    expect(flow.getState()).toMatchObject({ step: 'reported', busy: false, error: null })
  })

  it('blocks, closes, tells the opener, says so and goes home', async () => {
    const { flow, services, stores, exits, toasts } = setup('block')
    stores.router.getState().navigate(profileRoute('ana'))
    await flow.getState().block(exits)
    expect(services.safety.block).toHaveBeenCalledWith('user-1', 'ana-id')
    expect(exits.onClose).toHaveBeenCalledTimes(1)
    expect(exits.onBlocked).toHaveBeenCalledTimes(1)
    expect(inEnglish(toasts.mock.lastCall?.[0])).toBe('Blocked @ana')
    expect(stores.router.getState().route).toEqual(HOME)
  })

  it('keeps the dialog open with the reason when a block is refused', async () => {
    const { flow, services, exits, toasts } = setup('block')
    services.safety.block.mockRejectedValue(new Error('You cannot block a moderator'))
    await flow.getState().block(exits)
    expect(flow.getState()).toMatchObject({ busy: false, error: 'You cannot block a moderator' })
    expect(exits.onClose).not.toHaveBeenCalled()
    expect(toasts).not.toHaveBeenCalled()
  })

  it('is busy while the action is in flight', async () => {
    const { flow, services, exits } = setup('mute')
    let finish!: () => void
    services.safety.setMute.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)))
    const saving = flow.getState().saveMute(exits)
    expect(flow.getState().busy).toBe(true)
    finish()
    await saving
    expect(flow.getState().busy).toBe(false)
  })

  it('mutes posts and stories by default, and unmutes when both are off', async () => {
    const { flow, services, exits, toasts } = setup('mute')
    await flow.getState().saveMute(exits)
    expect(services.safety.setMute).toHaveBeenCalledWith('user-1', 'ana-id', {
      posts: true,
      stories: true
    })
    expect(inEnglish(toasts.mock.lastCall?.[0])).toBe('Muted @ana')
    flow.getState().setMute({ posts: false, stories: false })
    await flow.getState().saveMute(exits)
    expect(inEnglish(toasts.mock.lastCall?.[0])).toBe('Unmuted @ana')
    expect(exits.onClose).toHaveBeenCalledTimes(2)
    expect(exits.onBlocked).not.toHaveBeenCalled()
  })
})
