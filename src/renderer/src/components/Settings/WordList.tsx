// An editable list of words and hashtags (muted words, hidden comment words): add one with the
// field, remove any with its button. The store normalises and saves them.

import { useState, type FormEvent, type ReactElement } from 'react'
import type { WordKind } from '../../services/types'
import { useControls, useStores } from '../../store'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './WordList.module.scss'

export interface WordListProps {
  kind: WordKind
  /** The field's label ("Add a muted word or hashtag"). */
  label: string
  empty: string
}

export function WordList({ kind, label, empty }: WordListProps): ReactElement {
  const { controls } = useStores()
  const words = useControls((state) => state.words[kind])
  const error = useControls((state) => state.error)
  const [text, setText] = useState('')
  const t = useT()
  const translate = useMessage()

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (await controls.getState().addWord(kind, text)) setText('')
  }

  return (
    <>
      <form className={styles.add} onSubmit={(event) => void submit(event)}>
        <input
          className={styles.field}
          aria-label={label}
          placeholder={label}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={styles.addButton} disabled={!text.trim()}>
          {t('settings.words.add')}
        </button>
      </form>
      {error && (
        <p className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
      {words.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.list} aria-label={t('settings.words.list', { label })}>
          {words.map((word) => (
            <li key={word} className={styles.word}>
              <span>{word}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={t('settings.words.removeLabel', { word })}
                onClick={() => void controls.getState().removeWord(kind, word)}
              >
                {t('settings.words.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
