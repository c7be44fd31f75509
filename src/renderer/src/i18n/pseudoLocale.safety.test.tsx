// The extraction test (pseudoLocale.test.tsx) on the report, block and mute dialog: each of its
// steps, for each thing a person can report, and a refused action's fallback sentence.

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SafetyActions, type SafetyStep } from '../components/SafetyActions/SafetyActions'
import type { ReportTarget } from '../services/types'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, renderWith, signedIn } from '../testing/fakes'
import { i18n } from './index'

inPseudoLocale()

const person = { id: 'ann-id', username: 'ann' }

function open(step: SafetyStep, type: ReportTarget = 'profile') {
  const harness = createHarness({ snapshot: signedIn() })
  document.body.innerHTML = ''
  renderWith(
    <SafetyActions person={person} target={{ type, id: 'x' }} step={step} onClose={() => {}} />,
    harness
  )
  return harness
}

describe('the pseudo-locale shows no English in the safety dialog', () => {
  it.each<SafetyStep>(['menu', 'reported', 'block', 'mute'])('the %s step', (step) => {
    open(step)
    expect(englishLeft()).toEqual([])
  })

  it.each<ReportTarget>(['post', 'comment', 'story', 'profile'])(
    'reporting a %s, with every reason',
    (type) => {
      open('report', type)
      expect(screen.getAllByRole('radio')).toHaveLength(5)
      expect(englishLeft()).toEqual([])
    }
  )

  it('a refused block without a reason of its own', async () => {
    const { services } = open('block')
    services.safety.block.mockRejectedValue(new Error(''))
    await userEvent.click(screen.getByRole('button', { name: i18n.t('safety.block') }))
    await screen.findByRole('alert')
    expect(englishLeft()).toEqual([])
  })
})
