// Edit profile: avatar (picked, or dropped, then cropped to a centred square and resized to
// 320 px off the UI thread, shown as a circle), full name, username (the format rule and
// "taken" said before saving) and bio with its 150-character counter. Saving updates every
// place that shows the user: the header, side panel, profile page and their posts in the feed.

import { useEffect, useState, type FormEvent, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import type { Profile } from '@shared/domain'
import { MAX_BIO_LENGTH } from '@shared/limits'
import { useSession, useStores } from '../../store'
import {
  selectOwnFullName,
  selectOwnUsername,
  selectProfile,
  selectUserId
} from '../../store/session/sessionStore'
import { avatarFrom } from '../../imaging/avatarImage'
import { saveOwnProfile } from '../../store/saveOwnProfile'
import { useImagePicker } from '../../picking/useImagePicker'
import { Avatar } from '../Avatar/Avatar'
import { Modal } from '../Modal/Modal'
import { useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import styles from './EditProfileModal.module.scss'

const USERNAME_CHECK_DELAY_MS = 300

/**
 * The signed-in user's profile row, or, when it could not be read, what sign-up gave (username and
 * full name), so Edit profile still opens and saves over it.
 */
function useOwnProfile(): Profile | null {
  const stored = useSession(selectProfile)
  const userId = useSession(selectUserId)
  const username = useSession(selectOwnUsername)
  const fullName = useSession(selectOwnFullName)
  if (stored || !userId || !username) return stored
  return { id: userId, username, full_name: fullName, avatar_url: null, bio: null }
}

export function EditProfileModal(): ReactElement | null {
  const { people, session, ui, posts } = useStores()
  const profile = useOwnProfile()
  const [fullName, setFullName] = useState(profile?.full_name ?? '')
  const [username, setUsername] = useState(profile?.username ?? '')
  const [bio, setBio] = useState(profile?.bio ?? '')
  const [avatar, setAvatar] = useState<ImageFile | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [usernameError, setUsernameError] = useState<string | null>(null)
  const [error, setError] = useState<Text | null>(null)
  const t = useT()
  const translate = useMessage()
  const [busy, setBusy] = useState<'idle' | 'processing' | 'saving'>('idle')

  const usernameChanged = !!profile && username.trim().toLowerCase() !== profile.username
  const usernameProblem = usernameChanged ? usernameError : null

  useEffect(() => {
    if (!usernameChanged) return
    let cancelled = false
    const timer = setTimeout(() => {
      void people
        .getState()
        .usernameProblem(username)
        .then((problem) => {
          if (!cancelled) setUsernameError(problem)
        })
    }, USERNAME_CHECK_DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [people, usernameChanged, username])

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])

  const acceptImage = async (image: ImageFile): Promise<void> => {
    setError(null)
    setBusy('processing')
    try {
      const square = await avatarFrom(image)
      setAvatar(square)
      setPreview(URL.createObjectURL(new Blob([square.bytes as BlobPart], { type: square.type })))
    } catch (caught) {
      setError(errorText(caught, phrase('editProfile.photoFailed')))
    } finally {
      setBusy('idle')
    }
  }

  // One photo, picked or dropped on the avatar row, checked as any other photo.
  const picker = useImagePicker({
    multiple: false,
    onImages: ([image]) => void acceptImage(image),
    onError: setError
  })

  if (!profile) return null

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault()
    if (usernameProblem || busy !== 'idle') return
    setBusy('saving')
    setError(null)
    const changes: { fullName?: string; username?: string; bio?: string } = {}
    if (fullName.trim() !== (profile.full_name ?? '')) changes.fullName = fullName
    if (username.trim().toLowerCase() !== profile.username) changes.username = username
    if (bio.trim() !== (profile.bio ?? '')) changes.bio = bio
    try {
      if (Object.keys(changes).length > 0 || avatar) {
        await saveOwnProfile({ people, session, posts }, changes, avatar)
      }
      ui.getState().closeModal()
    } catch (caught) {
      setError(errorText(caught, phrase('editProfile.saveFailed')))
      setBusy('idle')
    }
  }

  return (
    <Modal
      title={t('editProfile.title')}
      onClose={() => ui.getState().closeModal()}
      closeDisabled={busy === 'saving'}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.avatarRow} data-testid="avatar-drop" {...picker.dropProps}>
          {preview ? (
            <img className={styles.preview} src={preview} alt={t('editProfile.newPhoto')} />
          ) : (
            <Avatar
              src={profile.avatar_url}
              name={profile.username}
              personId={profile.id}
              size={96}
            />
          )}
          <button
            type="button"
            className={styles.change}
            onClick={picker.pick}
            disabled={busy !== 'idle'}
          >
            {busy === 'processing' ? t('editProfile.preparing') : t('editProfile.changePhoto')}
          </button>
          <input
            className={styles.fileInput}
            aria-label={t('editProfile.choosePhoto')}
            {...picker.inputProps}
          />
        </div>
        <label className={styles.field}>
          <span>{t('editProfile.name')}</span>
          <input
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            autoComplete="name"
          />
        </label>
        <label className={styles.field}>
          <span>{t('editProfile.username')}</span>
          <input
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            autoComplete="username"
            aria-invalid={usernameProblem ? true : undefined}
            aria-describedby={usernameProblem ? 'username-problem' : undefined}
          />
        </label>
        {usernameProblem && (
          <p id="username-problem" className={styles.error} role="alert">
            {translate(usernameProblem)}
          </p>
        )}
        <label className={styles.field}>
          <span>{t('editProfile.bio')}</span>
          <textarea
            value={bio}
            maxLength={MAX_BIO_LENGTH}
            rows={3}
            onChange={(event) => setBio(event.target.value)}
          />
        </label>
        <p className={styles.counter} data-testid="bio-counter">
          {bio.length}/{MAX_BIO_LENGTH}
        </p>
        {error && (
          <p className={styles.error} role="alert">
            {translate(error)}
          </p>
        )}
        <button
          type="submit"
          className={styles.submit}
          disabled={busy !== 'idle' || usernameProblem !== null}
        >
          {busy === 'saving' ? t('editProfile.saving') : t('editProfile.save')}
        </button>
      </form>
    </Modal>
  )
}
