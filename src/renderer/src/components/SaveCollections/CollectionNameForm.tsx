// A collection's name, asked for when one is made (from the save sheet or the Saved tab) or
// renamed: a labelled field, the store's refusal said under it, submit and cancel. The store
// checks and sends; this only draws and hands the name over.

import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react'
import { COLLECTION_MESSAGES } from '../../services/rules'
import { MAX_SAVE_COLLECTION_NAME_LENGTH } from '@shared/limits'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import type { Text } from '../../i18n/phrase'
import styles from './SaveCollections.module.scss'

const MESSAGE_KEYS = new Map([
  [COLLECTION_MESSAGES.nameLength as string, 'collections.errors.nameLength'],
  [COLLECTION_MESSAGES.duplicate, 'collections.errors.duplicate'],
  [COLLECTION_MESSAGES.tooMany, 'collections.errors.tooMany'],
  [COLLECTION_MESSAGES.gone, 'collections.errors.gone']
] as const)

/** The store's (the database's) words for a refusal, in the page's language when known. */
export function useCollectionMessage(): (text: Text) => string {
  const t = useT()
  const message = useMessage()
  return (text) => {
    const key = typeof text === 'string' ? MESSAGE_KEYS.get(text) : undefined
    return key ? t(key) : message(text)
  }
}

export interface CollectionNameFormProps {
  initialName?: string
  submitLabel: string
  /** Sends the name; the refusal in words, or null when done. */
  onSubmit(name: string): Promise<Text | null>
  onCancel(): void
}

export function CollectionNameForm({
  initialName = '',
  submitLabel,
  onSubmit,
  onCancel
}: CollectionNameFormProps): ReactElement {
  const t = useT()
  const say = useCollectionMessage()
  const fieldId = useId()
  const [name, setName] = useState(initialName)
  const [error, setError] = useState<Text | null>(null)
  const [sending, setSending] = useState(false)
  const fieldRef = useRef<HTMLInputElement>(null)

  // The form stands in for the button that opened it (the sheet's "New collection"): the caret
  // goes to the name, or focus would fall out of the dialog.
  useEffect(() => {
    fieldRef.current?.focus({ preventScroll: true })
  }, [])

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (sending) return
    setSending(true)
    const refused = await onSubmit(name)
    setSending(false)
    setError(refused)
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <label className={styles.label} htmlFor={fieldId}>
        {t('collections.nameLabel')}
      </label>
      <input
        ref={fieldRef}
        id={fieldId}
        className={styles.input}
        value={name}
        maxLength={MAX_SAVE_COLLECTION_NAME_LENGTH}
        autoComplete="off"
        aria-invalid={error !== null}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        onChange={(event) => {
          setName(event.target.value)
          setError(null)
        }}
      />
      {error && (
        <p id={`${fieldId}-error`} className={styles.error} role="alert">
          {say(error)}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={sending}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
