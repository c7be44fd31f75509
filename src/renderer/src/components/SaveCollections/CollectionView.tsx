// One collection, open in the Saved tab: Back to Saved, its name, Rename and Delete collection
// (asked first: its posts stay saved), and the grid of its posts the reader still sees. A post
// leaves it from the save sheet (untick) or by being unsaved.

import { useCallback, useEffect, useState, type ReactElement } from 'react'
import { ArrowLeft } from 'lucide-react'
import { useEndSentinel } from '../../hooks/useEndSentinel'
import { useCollections, useStores } from '../../store'
import { useT } from '../../i18n'
import { Modal } from '../Modal/Modal'
import { ProfileGrid } from '../ProfileGrid/ProfileGrid'
import { CollectionNameForm, useCollectionMessage } from './CollectionNameForm'
import type { Text } from '../../i18n/phrase'
import styles from './SaveCollections.module.scss'

export interface CollectionViewProps {
  username: string
  collectionId: string
}

export function CollectionView({ username, collectionId }: CollectionViewProps): ReactElement {
  const { collections, router } = useStores()
  const collection = useCollections((state) => state.list.find((c) => c.id === collectionId))
  const listStatus = useCollections((state) => state.listStatus)
  const open = useCollections((state) => (state.open?.id === collectionId ? state.open : null))
  const t = useT()
  const say = useCollectionMessage()
  const [step, setStep] = useState<'rename' | 'delete' | null>(null)
  const [error, setError] = useState<Text | null>(null)

  useEffect(() => {
    if (collections.getState().listStatus === 'idle') void collections.getState().loadList()
    void collections.getState().openCollection(collectionId)
  }, [collections, collectionId])

  const loadMore = useCallback(
    () => void collections.getState().openCollection(collectionId, true),
    [collections, collectionId]
  )
  const sentinel = useEndSentinel(
    loadMore,
    open?.status === 'ready' && open.next !== null,
    open?.ids.length ?? 0
  )

  const backToSaved = (): void =>
    router.getState().navigate({ name: 'profile', username, tab: 'saved' })

  const remove = async (): Promise<void> => {
    const refused = await collections.getState().remove(collectionId)
    if (refused) {
      setStep(null)
      setError(refused)
    } else {
      backToSaved()
    }
  }

  const missing = listStatus === 'ready' && !collection
  const name = collection?.name ?? ''
  return (
    <section className={styles.collectionView} aria-labelledby="collection-title">
      <div className={styles.collectionBar}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('collections.back')}
          onClick={backToSaved}
        >
          <ArrowLeft size={22} aria-hidden className="rtl-mirror" />
        </button>
        <h2 id="collection-title" className={styles.collectionTitle}>
          {missing ? t('collections.errors.gone') : name}
        </h2>
        {collection && (
          <div className={styles.collectionActions}>
            <button type="button" className={styles.secondary} onClick={() => setStep('rename')}>
              {t('collections.rename')}
            </button>
            <button type="button" className={styles.danger} onClick={() => setStep('delete')}>
              {t('collections.delete')}
            </button>
          </div>
        )}
      </div>
      {(error || open?.error) && (
        <p className={styles.error} role="alert">
          {say(error ?? open?.error ?? '')}
        </p>
      )}
      {!missing && (
        <ProfileGrid
          ids={open?.ids ?? []}
          loading={!open || (open.status === 'loading' && open.ids.length === 0)}
          label={t('collections.gridLabel', { name })}
          emptyTitle={t('collections.emptyTitle')}
          emptyText={t('collections.emptyText')}
        />
      )}
      <div ref={sentinel} aria-hidden />
      {step === 'rename' && (
        <Modal title={t('collections.renameTitle')} onClose={() => setStep(null)}>
          <CollectionNameForm
            initialName={name}
            submitLabel={t('collections.save')}
            onSubmit={async (next) => {
              const refused = await collections.getState().rename(collectionId, next)
              if (!refused) setStep(null)
              return refused
            }}
            onCancel={() => setStep(null)}
          />
        </Modal>
      )}
      {step === 'delete' && (
        <Modal
          title={t('collections.deleteQuestion')}
          showTitle={false}
          closeButton={false}
          onClose={() => setStep(null)}
        >
          <div className={styles.confirm}>
            <p className={styles.question}>{t('collections.deleteQuestion')}</p>
            <p className={styles.muted}>{t('collections.deleteText', { name })}</p>
            <button type="button" className={styles.confirmDanger} onClick={() => void remove()}>
              {t('collections.deleteConfirm')}
            </button>
            <button type="button" className={styles.confirmChoice} onClick={() => setStep(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}
