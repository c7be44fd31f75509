import { describe, expect, it, vi } from 'vitest'
import { batchedLookup } from './batchedLookup'

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('batchedLookup', () => {
  it('asks once for everything watched in the same tick, and never again for the same ids', async () => {
    const lookUp = vi.fn(async () => {})
    const batches = batchedLookup(lookUp, () => {})
    batches.watch(['a', 'b'])
    batches.watch(['b', 'c'])
    await tick()
    expect(lookUp).toHaveBeenCalledTimes(1)
    expect(lookUp).toHaveBeenCalledWith(['a', 'b', 'c'])
    batches.watch(['a'])
    await batches.prefetch(['c'])
    await tick()
    expect(lookUp).toHaveBeenCalledTimes(1)
  })

  it('asks again about ids whose answer failed, and tells onError', async () => {
    const failure = new Error('down')
    const lookUp = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined)
    const onError = vi.fn()
    const batches = batchedLookup(lookUp, onError)
    await batches.prefetch(['a'])
    expect(onError).toHaveBeenCalledWith(failure)
    await batches.prefetch(['a'])
    expect(lookUp).toHaveBeenLastCalledWith(['a'])
    expect(lookUp).toHaveBeenCalledTimes(2)
  })

  it('never asks about ids marked known, asks again on refresh, and forgets all on reset', async () => {
    const lookUp = vi.fn(async () => {})
    const batches = batchedLookup(lookUp, () => {})
    batches.markKnown(['a'])
    batches.watch(['a'])
    await tick()
    expect(lookUp).not.toHaveBeenCalled()
    batches.refresh(['a'])
    await tick()
    expect(lookUp).toHaveBeenCalledWith(['a'])
    batches.reset()
    await batches.prefetch(['a'])
    expect(lookUp).toHaveBeenCalledTimes(2)
  })
})
