// The messages route (#/direct, #/direct/<thread>): the thread list beside the open thread,
// and "New message", which picks people and starts (or finds) a thread with them.

import { useState, type ReactElement } from 'react'
import type { PersonSummary } from '@shared/domain'
import { useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { DirectInbox } from '../DirectInbox/DirectInbox'
import { DirectPeoplePicker } from '../DirectPeoplePicker/DirectPeoplePicker'
import { DirectThread } from '../DirectThread/DirectThread'
import { useT } from '../../i18n'
import styles from './DirectPage.module.scss'

function NewMessage({ onDone }: { onDone(): void }): ReactElement {
  const { direct, router } = useStores()
  const t = useT()
  const userId = useSession(selectUserId)
  const [picked, setPicked] = useState<PersonSummary[]>([])
  const [name, setName] = useState('')
  const start = async (): Promise<void> => {
    const id = await direct.getState().startWith(
      picked.map((person) => person.id),
      picked.length > 1 ? name : undefined
    )
    if (!id) return
    onDone()
    router.getState().navigate({ name: 'direct', thread: id })
  }
  return (
    <section className={styles.newMessage} aria-label={t('direct.newMessage')}>
      <h2 className={styles.heading}>{t('direct.newMessage')}</h2>
      <DirectPeoplePicker
        picked={picked}
        onChange={setPicked}
        exclude={userId ? [userId] : []}
        label={t('direct.to')}
        focusOnOpen
      />
      {picked.length > 1 && (
        <input
          className={styles.name}
          aria-label={t('direct.groupName')}
          placeholder={t('direct.groupName')}
          maxLength={64}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      <div className={styles.buttons}>
        <button type="button" className={styles.cancel} onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={styles.chat}
          disabled={picked.length === 0}
          onClick={() => void start()}
        >
          {t('direct.chat')}
        </button>
      </div>
    </section>
  )
}

export function DirectPage({ thread }: { thread: string | null }): ReactElement {
  const t = useT()
  const signedIn = useSession(selectUserId) !== null
  const [composing, setComposing] = useState(false)
  if (!signedIn) {
    return (
      <main className={styles.page}>
        <p className={styles.empty}>{t('direct.signedOut')}</p>
      </main>
    )
  }
  return (
    <main className={styles.page}>
      <div className={styles.layout}>
        <DirectInbox selected={thread} onNewMessage={() => setComposing(true)} />
        {composing ? (
          <NewMessage onDone={() => setComposing(false)} />
        ) : thread ? (
          <DirectThread key={thread} threadId={thread} />
        ) : (
          <div className={styles.placeholder}>
            <h2 className={styles.heading}>{t('direct.yourMessages')}</h2>
            <p>{t('direct.intro')}</p>
            <button type="button" className={styles.chat} onClick={() => setComposing(true)}>
              {t('direct.sendMessage')}
            </button>
          </div>
        )}
      </div>
    </main>
  )
}
