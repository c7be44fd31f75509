// The author's edit of their post: the caption (same 500-character limit as when posting),
// every photo's alt text, and the location (emptied, it is removed). It opens with the caret in
// the caption, as the network's does.

import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react'
import type { Post } from '@shared/domain'
import { sortedImages } from '../../services/rules'
import { MAX_ALT_TEXT_LENGTH, MAX_CAPTION_LENGTH } from '@shared/limits'
import { useStores } from '../../store'
import { CaptionField } from '../CaptionAutocomplete/CaptionField'
import { LocationField } from '../LocationField/LocationField'
import { PostControlsEditor } from '../ContentControls/PostControlsEditor'
import { useT } from '../../i18n'
import styles from './PostView.module.scss'

export function EditPostForm({ post, onDone }: { post: Post; onDone(): void }): ReactElement {
  const stores = useStores()
  const images = sortedImages(post)
  const [caption, setCaption] = useState(post.caption ?? '')
  const [altTexts, setAltTexts] = useState(images.map((image) => image.alt_text ?? ''))
  const [location, setLocation] = useState(post.location ?? '')
  const [saving, setSaving] = useState(false)
  const t = useT()
  const captionId = useId()
  const captionRef = useRef<HTMLTextAreaElement>(null)
  useEffect(() => captionRef.current?.focus(), [])

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    setSaving(true)
    const saved = await stores.post.getState().edit({ caption, altTexts, location })
    setSaving(false)
    if (saved) onDone()
  }

  return (
    <form
      className={styles.editForm}
      onSubmit={(event) => void submit(event)}
      aria-label={t('postView.editPost')}
    >
      <div className={styles.field}>
        <label htmlFor={captionId}>{t('create.caption')}</label>
        <CaptionField
          id={captionId}
          textareaRef={captionRef}
          value={caption}
          maxLength={MAX_CAPTION_LENGTH}
          rows={4}
          onValueChange={setCaption}
          // The post view's own keys (←/→, Escape) must not fire while typing.
          onKeyDown={(event) => event.stopPropagation()}
        />
      </div>
      {images.map((image, index) => (
        <label key={image.position} className={styles.field}>
          <span>
            {images.length > 1
              ? t('create.altTextNumbered', { position: index + 1 })
              : t('create.altText')}
          </span>
          <input
            type="text"
            value={altTexts[index]}
            maxLength={MAX_ALT_TEXT_LENGTH}
            placeholder={t('create.altPlaceholder')}
            onChange={(event) =>
              setAltTexts((texts) =>
                texts.map((text, i) => (i === index ? event.target.value : text))
              )
            }
            onKeyDown={(event) => event.stopPropagation()}
          />
        </label>
      ))}
      <LocationField
        value={location}
        onChange={setLocation}
        labelVisible
        onKeyDown={(event) => event.stopPropagation()}
      />
      <PostControlsEditor post={post} />
      <div className={styles.formActions}>
        <button type="button" className={styles.secondary} onClick={onDone} disabled={saving}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={saving}>
          {saving ? t('postView.saving') : t('postView.save')}
        </button>
      </div>
    </form>
  )
}
