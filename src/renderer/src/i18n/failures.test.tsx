// The data layer's failure sentences in every language: the English catalog says each one word
// for word, each is found back (with its hashtag and reason) from the Error's message alone, and
// a real failure, a comment the server refused, shows in German with the server's words inside.

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAILED, FAILURE_REASONS, failed, failure, type FailureKey } from '@shared/data/failure'
import { REFUSED, refused, type RefusalKey } from '@shared/data/refusal'
import { MESSAGES } from '@shared/messages'
import { PostView } from '../components/PostView/PostView'
import { createHarness, makePost, openInPostView, renderWith, signedIn } from '../testing/fakes'
import { failurePhrase } from './failures'
import { applyLanguage, i18n } from './index'
import ar from './locales/ar.json'
import en from './locales/en.json'
import { textPhrase } from './messages'
import { phrase } from './phrase'

const KEYS = Object.keys(FAILED) as FailureKey[]
const SERVER = 'new row violates row-level security policy for table "comments"'

describe('the data layer failure sentences', () => {
  it('are the English catalog word for word, reasons included', () => {
    expect(en.failures).toEqual({ ...FAILED, reasons: FAILURE_REASONS })
  })

  it.each(KEYS)('%s is found back from its text alone (no other sentence takes it)', (key) => {
    const values = Object.fromEntries(
      Object.entries({ tag: 'sunset', reason: SERVER }).filter(([name]) =>
        FAILED[key].includes(`{{${name}}}`)
      )
    )
    expect(failurePhrase(failed(key, values), (reason) => reason)).toEqual(
      phrase(`failures.${key}`, Object.keys(values).length > 0 ? values : undefined)
    )
  })

  it('says a reason of the app’s own in the reader’s language, nested', () => {
    expect(textPhrase(failed('deletePost', { reason: FAILURE_REASONS.goneOrNotYours }))).toEqual(
      phrase('failures.deletePost', { reason: phrase('failures.reasons.goneOrNotYours') })
    )
    expect(textPhrase(failed('deleteStory', { reason: MESSAGES.storyGone }))).toEqual(
      phrase('failures.deleteStory', {
        reason: phrase('messages.storyGone' as never, { defaultValue: MESSAGES.storyGone })
      })
    )
    expect(textPhrase(failure('loadReels', null).message)).toEqual(
      phrase('failures.loadReels', { reason: phrase('failures.reasons.unknown') })
    )
    expect(textPhrase('Commenting is turned off for this post')).toBe(
      'Commenting is turned off for this post'
    )
  })

  it('keeps the server’s words and a hashtag isolated inside Arabic', () => {
    for (const [key, text] of Object.entries(ar.failures)) {
      if (typeof text !== 'string') continue
      for (const slot of ['{{reason}}', '#{{tag}}'])
        if (text.includes(slot)) expect(text, key).toContain(`\u2068${slot}\u2069`)
    }
  })
})

describe('the data layer refusal sentences', () => {
  const slotsOf = (sentence: string): string[] =>
    [...sentence.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1])

  it('are the English catalog word for word', () => {
    expect(en.refusals).toEqual(REFUSED)
  })

  it.each(Object.keys(REFUSED) as RefusalKey[])('%s is found back with its numbers', (key) => {
    const values = Object.fromEntries(slotsOf(REFUSED[key]).map((name, at) => [name, `${at + 7}`]))
    expect(textPhrase(refused(key, values))).toEqual(
      phrase(`refusals.${key}`, slotsOf(REFUSED[key]).length > 0 ? values : undefined)
    )
  })
})

describe('a comment the server refused, in German', () => {
  beforeAll(() => applyLanguage('de'))
  afterAll(() => applyLanguage('en'))

  it('says what failed in German with the server’s reason inside', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    openInPostView(harness.stores, makePost({ id: 'post-1', user_id: 'user-3' }), {
      comments: [],
      commentsStatus: 'ready'
    })
    harness.services.comments.add.mockRejectedValue(failure('addComment', { message: SERVER }))
    renderWith(<PostView />, harness)
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: i18n.t('post.addComment') }), 'hi{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Dein Kommentar konnte nicht hinzugefügt werden: ${SERVER}`
    )
  })

  it('says a refusal of the data layer in German', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    openInPostView(harness.stores, makePost({ id: 'post-1', user_id: 'user-3' }), {
      comments: [],
      commentsStatus: 'ready'
    })
    harness.services.comments.add.mockRejectedValue(new Error(REFUSED.postGone))
    renderWith(<PostView />, harness)
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: i18n.t('post.addComment') }), 'hi{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Beitrag existiert nicht mehr'
    )
  })
})
