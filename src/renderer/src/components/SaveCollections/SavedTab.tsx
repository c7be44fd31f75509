// The own profile's Saved tab: the collections as tiles (each with the cover of the post filed
// in it last that the reader still sees, and its name; "New collection" makes one), then All
// posts, the saved grid as before. With a collection in the route (`#/u/<name>/saved/<id>`)
// it shows that collection instead (CollectionView).

import { useEffect, useState, type ReactElement, type ReactNode } from 'react'
import { Bookmark, Plus } from 'lucide-react'
import { useCollections, useRouter, useStores } from '../../store'
import { useT } from '../../i18n'
import { CachedImg } from '../CachedImg/CachedImg'
import { Modal } from '../Modal/Modal'
import { CollectionNameForm } from './CollectionNameForm'
import { CollectionView } from './CollectionView'
import styles from './SaveCollections.module.scss'

function CollectionTiles({ username }: { username: string }): ReactElement {
  const { collections, router } = useStores()
  const list = useCollections((state) => state.list)
  const t = useT()
  const [naming, setNaming] = useState(false)

  useEffect(() => {
    void collections.getState().loadList()
  }, [collections])

  const open = (collection: string): void =>
    router.getState().navigate({ name: 'profile', username, tab: 'saved', collection })

  return (
    <section className={styles.collections} aria-labelledby="saved-collections-heading">
      <h2 id="saved-collections-heading" className={styles.sectionHeading}>
        {t('collections.heading')}
      </h2>
      <ul className={styles.tiles}>
        {list.map((collection) => (
          <li key={collection.id}>
            <button type="button" className={styles.tile} onClick={() => open(collection.id)}>
              <span className={styles.tileCover} aria-hidden>
                {collection.cover_url ? (
                  <CachedImg src={collection.cover_url} alt="" loading="lazy" draggable={false} />
                ) : (
                  <Bookmark size={28} />
                )}
              </span>
              <span className={styles.tileName}>{collection.name}</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={styles.tile} onClick={() => setNaming(true)}>
            <span className={`${styles.tileCover} ${styles.tileNew}`} aria-hidden>
              <Plus size={28} />
            </span>
            <span className={styles.tileName}>{t('collections.newCollection')}</span>
          </button>
        </li>
      </ul>
      {naming && (
        <Modal title={t('collections.newCollection')} onClose={() => setNaming(false)}>
          <CollectionNameForm
            submitLabel={t('collections.create')}
            onSubmit={async (name) => {
              const refused = await collections.getState().create(name)
              if (!refused) setNaming(false)
              return refused
            }}
            onCancel={() => setNaming(false)}
          />
        </Modal>
      )}
    </section>
  )
}

export interface SavedTabProps {
  username: string
  /** All posts: the saved grid. */
  allPosts: ReactNode
}

export function SavedTab({ username, allPosts }: SavedTabProps): ReactElement {
  const route = useRouter((state) => state.route)
  const t = useT()
  const collection = route.name === 'profile' ? route.collection : undefined
  if (collection) return <CollectionView username={username} collectionId={collection} />
  return (
    <>
      <CollectionTiles username={username} />
      <h2 className={styles.sectionHeading}>{t('collections.allPosts')}</h2>
      {allPosts}
    </>
  )
}
