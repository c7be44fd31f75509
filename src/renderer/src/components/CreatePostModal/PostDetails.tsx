// The create-post modal's details column (docs/product.md, "Create a post"): the author, the
// caption with its n/500 counter and @/# suggestions (CaptionField), the alt text of the photo
// being previewed, the optional location, the error line, the share's progress with Cancel and
// Share with the stage it is at.

import type { ReactElement, ReactNode, RefObject } from 'react'
import type { CreatePostStage } from '@shared/bridge-contract'
import type { Profile } from '@shared/domain'
import { MAX_ALT_TEXT_LENGTH, MAX_CAPTION_LENGTH } from '@shared/limits'
import { Avatar } from '../Avatar/Avatar'
import { CaptionField } from '../CaptionAutocomplete/CaptionField'
import { LocationField } from '../LocationField/LocationField'
import { Spinner } from '../Spinner/Spinner'
import { useT } from '../../i18n'
import styles from './CreatePostModal.module.scss'

const STAGE_LABEL = {
  processing: 'messages.processing',
  uploading: 'messages.uploading',
  saving: 'messages.saving'
} as const satisfies Record<CreatePostStage, string>

export interface PostDetailsProps {
  profile: Profile | null
  caption: string
  onCaption(caption: string): void
  captionRef: RefObject<HTMLTextAreaElement | null>
  /** "Alt text" for one item, "Alt text, photo N" or "Alt text, video N" in a carousel. */
  altLabel: string
  altText: string
  onAltText(altText: string): void
  altRef: RefObject<HTMLInputElement | null>
  /** The post's location as typed ('' for none), and its setter. */
  location: { value: string; onChange(location: string): void }
  /** The alt-text reminder, shown above Share when it is up. */
  reminder: ReactNode
  /** Where sharing is; null when it is not under way. */
  stage: CreatePostStage | null
  errorLine: ReactNode
  /** The post's own settings (ContentControls/AdvancedSettings), under the alt text. */
  advanced?: ReactNode
  /** The conversion's or upload's progress and Cancel (ShareProgress), above Share. */
  progress?: ReactNode
  onShare(): void
}

export function PostDetails({
  profile,
  caption,
  onCaption,
  captionRef,
  altLabel,
  altText,
  onAltText,
  altRef,
  location,
  reminder,
  stage,
  errorLine,
  advanced,
  progress,
  onShare
}: PostDetailsProps): ReactElement {
  const uploading = stage !== null
  const t = useT()
  return (
    <div className={styles.details}>
      {profile && (
        <div className={styles.author}>
          <Avatar
            src={profile.avatar_url}
            name={profile.username}
            personId={profile.id}
            size={28}
            decorative
          />
          <span className={styles.username}>{profile.username}</span>
        </div>
      )}
      <label className={styles.captionLabel} htmlFor="create-post-caption">
        {t('create.caption')}
      </label>
      <CaptionField
        textareaRef={captionRef}
        id="create-post-caption"
        className={styles.caption}
        placeholder={t('create.captionPlaceholder')}
        value={caption}
        maxLength={MAX_CAPTION_LENGTH}
        spellCheck
        disabled={uploading}
        onValueChange={(value) => onCaption(value.slice(0, MAX_CAPTION_LENGTH))}
      />
      <p className={styles.counter} data-testid="caption-counter">
        {caption.length}/{MAX_CAPTION_LENGTH}
      </p>
      <label className={styles.altLabel} htmlFor="create-post-alt">
        {altLabel}
      </label>
      <input
        ref={altRef}
        id="create-post-alt"
        className={styles.altText}
        type="text"
        placeholder={t('create.altPlaceholder')}
        value={altText}
        maxLength={MAX_ALT_TEXT_LENGTH}
        disabled={uploading}
        onChange={(event) => onAltText(event.target.value)}
      />
      <LocationField {...location} disabled={uploading} />
      {advanced}
      {errorLine}
      {reminder}
      {progress}
      <button type="button" className={styles.share} disabled={uploading} onClick={onShare}>
        {stage ? (
          <>
            <Spinner size={16} light /> {t(STAGE_LABEL[stage])}
          </>
        ) : (
          t('create.share')
        )}
      </button>
    </div>
  )
}
