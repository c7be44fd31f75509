// The extraction test (pseudoLocale.test.tsx) on what a failure says when the server gave no
// words of its own: Explore's and the likers' fallback, the outbox's refusals (a catalog reason
// inside a catalog sentence), every failure and refusal sentence of the data layer
// (@shared/data/failure, refusal) and the sign-out warning's list of unsent actions.

import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import { FAILED, FAILURE_REASONS, failed, type FailureKey } from '@shared/data/failure'
import { REFUSED, refused, type RefusalKey } from '@shared/data/refusal'
import { MESSAGES } from '@shared/messages'
import { useUnsentWarning } from '../components/AvatarMenu/unsentWarning'
import { ExploreView } from '../components/ExploreView/ExploreView'
import { LikersModal } from '../components/LikersModal/LikersModal'
import type { OutboxAction, OutboxItem } from '../offline/outbox/actions'
import { phrase, type Text } from './phrase'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, renderWith, signedIn } from '../testing/fakes'
import { i18n } from './index'
import { useMessage } from './messages'

inPseudoLocale()

function Say({ text }: { text: Text }): ReactElement {
  return <p>{useMessage()(text)}</p>
}

function Warning({ actions }: { actions: OutboxAction[] }): ReactElement {
  const items: OutboxItem[] = actions.map((action, seq) => ({
    seq,
    userId: 'me',
    action,
    queuedAt: 0,
    attempts: 0
  }))
  return <p>{useUnsentWarning()(items)}</p>
}

describe('the pseudo-locale shows no English when a failure has no words of its own', () => {
  it('Explore and the likers list', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.explore.page.mockRejectedValue(new Error(''))
    harness.services.likes.likers.mockRejectedValue(new Error(''))
    renderWith(<ExploreView />, harness)
    renderWith(<LikersModal postId="post-1" />, harness)
    await waitFor(() => expect(screen.getAllByText(i18n.t('errors.unknown'))).toHaveLength(2))
    expect(englishLeft()).toEqual([])
  })

  it('an action the server refused or whose post is gone', () => {
    const harness = createHarness({ snapshot: signedIn() })
    const reason = phrase('outbox.serverRefused')
    renderWith(<Say text={phrase('outbox.refused.unsave', { reason })} />, harness)
    renderWith(<Say text={phrase('outbox.postGone.comment')} />, harness)
    renderWith(<Say text={phrase('outbox.accountGone.unfollow')} />, harness)
    expect(englishLeft()).toEqual([])
  })

  it('every failure sentence of the data layer, with a reason of its own or a hashtag', () => {
    const harness = createHarness({ snapshot: signedIn() })
    for (const key of Object.keys(FAILED) as FailureKey[]) {
      const reason = FAILURE_REASONS.goneOrNotYours
      renderWith(<Say text={failed(key, { reason, tag: 'sunset' })} />, harness)
    }
    expect(englishLeft()).toEqual([])
  })

  it('every refusal sentence of the data layer, and a story that is gone', () => {
    const harness = createHarness({ snapshot: signedIn() })
    for (const key of Object.keys(REFUSED) as RefusalKey[]) {
      const values = { max: 30, width: 320, height: 320, files: '50,000', size: '2 GB', ratio: 100 }
      renderWith(<Say text={refused(key, values)} />, harness)
    }
    renderWith(<Say text={MESSAGES.storyGone} />, harness)
    renderWith(<Say text={MESSAGES.signInRequired} />, harness)
    expect(englishLeft()).toEqual([])
  })

  it('the sign-out warning, with few and with many unsent actions', () => {
    const harness = createHarness({ snapshot: signedIn() })
    const like: OutboxAction = { kind: 'like', postId: 'p', liked: true }
    const follow: OutboxAction = { kind: 'follow', userId: 'u', following: false }
    renderWith(<Warning actions={[like, follow]} />, harness)
    renderWith(<Warning actions={[like, like, follow, follow]} />, harness)
    expect(englishLeft()).toEqual([])
  })
})
