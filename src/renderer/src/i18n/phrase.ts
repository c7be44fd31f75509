// What a store says to the person: a catalog key with its values, which the screen shows in the
// reader's language (Toast, Notice and the settings sections translate it with useMessage), or
// the server's own words as they came. A store never writes an English sentence itself.

import type { ParseKeys } from 'i18next'
import { messageOr } from '@shared/errors'

export interface Phrase {
  readonly key: ParseKeys
  /** A value may itself be a phrase (a reason that is a catalog sentence or the server's words). */
  readonly values?: Readonly<Record<string, string | number | Phrase>>
}

/** A phrase, or the server's own (or @shared/messages') words. */
export type Text = string | Phrase

export function phrase(key: ParseKeys, values?: Phrase['values']): Phrase {
  return values ? { key, values } : { key }
}

/** The error's own message when it has one, else the phrase that says what failed. */
export function errorText(caught: unknown, fallback: Phrase): Text {
  const message = messageOr(caught, '')
  return message || fallback
}
