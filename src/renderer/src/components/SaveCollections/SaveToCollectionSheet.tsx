// The save sheet (opened by holding a post's save button, or its ⋯ menu's "Save to
// collection"): the person's collections, each with its cover and a tick when it holds the post;
// choosing one files the post there (saving it too) or takes it out; "New collection" asks for
// a name and files the post in it. The collections store does the work; this draws it.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import { Bookmark, Check, Plus } from 'lucide-react'
import { useCollections, useStores } from '../../store'
import { useT } from '../../i18n'
import { Modal } from '../Modal/Modal'
import { CachedImg } from '../CachedImg/CachedImg'
import { CollectionNameForm, useCollectionMessage } from './CollectionNameForm'
import styles from './SaveCollections.module.scss'

export function SaveToCollectionSheet({ postId }: { postId: string }): ReactElement {
  const { collections } = useStores()
  const list = useCollections((state) => state.list)
  const ready = useCollections((state) => state.sheetReady)
  const holding = useCollections((state) => state.holding)
  const changing = useCollections((state) => state.changing)
  const error = useCollections((state) => state.sheetError ?? state.listError)
  const t = useT()
  const say = useCollectionMessage()
  const [naming, setNaming] = useState(false)
  const newRef = useRef<HTMLButtonElement>(null)
  const wasNaming = useRef(false)
  const close = (): void => collections.getState().closeSheet()

  useEffect(() => {
    // Opening the sheet reads the list and the ticks; a sheet opened by the store already has.
    if (collections.getState().sheetPostId !== postId) void collections.getState().openSheet(postId)
  }, [collections, postId])

  // Back from the name form (made or cancelled), focus returns to "New collection", which the
  // form stood in for, so it stays inside the sheet.
  useEffect(() => {
    if (wasNaming.current && !naming) newRef.current?.focus()
    wasNaming.current = naming
  }, [naming])

  return (
    <Modal title={t('collections.sheetTitle')} onClose={close} className={styles.sheet}>
      {naming ? (
        <CollectionNameForm
          submitLabel={t('collections.create')}
          onSubmit={async (name) => {
            const refused = await collections.getState().create(name, postId)
            if (!refused) setNaming(false)
            return refused
          }}
          onCancel={() => setNaming(false)}
        />
      ) : (
        <div className={styles.sheetBody}>
          {!ready && !error ? (
            <p className={styles.muted} role="status">
              {t('feed.loading')}
            </p>
          ) : list.length === 0 ? (
            <p className={styles.muted}>{t('collections.none')}</p>
          ) : (
            <ul className={styles.choices} aria-label={t('collections.heading')}>
              {list.map((collection) => {
                const held = holding.has(collection.id)
                return (
                  <li key={collection.id}>
                    <button
                      type="button"
                      className={styles.choice}
                      aria-pressed={held}
                      aria-busy={changing.has(collection.id)}
                      onClick={() => void collections.getState().toggle(collection.id)}
                    >
                      <span className={styles.choiceCover} aria-hidden>
                        {collection.cover_url ? (
                          <CachedImg src={collection.cover_url} alt="" draggable={false} />
                        ) : (
                          <Bookmark size={20} />
                        )}
                      </span>
                      <span className={styles.choiceName}>{collection.name}</span>
                      <span className={held ? styles.tick : styles.untick} aria-hidden>
                        {held && <Check size={16} strokeWidth={3} />}
                      </span>
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
          {error && (
            <p className={styles.error} role="alert">
              {say(error)}
            </p>
          )}
          <button
            ref={newRef}
            type="button"
            className={styles.newChoice}
            onClick={() => setNaming(true)}
          >
            <Plus size={20} aria-hidden />
            {t('collections.newCollection')}
          </button>
        </div>
      )}
    </Modal>
  )
}
