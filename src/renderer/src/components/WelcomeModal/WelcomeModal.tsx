// The welcome after sign-up (docs/product.md, "Welcome"; opened by onboarding/welcome.ts): step
// 1 adds a profile photo (picked or dropped, made into the 320 px square as Edit profile does),
// step 2 suggests people to follow. Either step can be skipped, and the dialog closed at any time.

import { useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { useSession, useStores } from '../../store'
import { selectOwnUsername, selectProfile, selectUserId } from '../../store/session/sessionStore'
import { saveOwnProfile } from '../../store/saveOwnProfile'
import { AVATAR_NOT_PROCESSED, avatarFrom } from '../../imaging/avatarImage'
import { useImagePicker } from '../../picking/useImagePicker'
import { Avatar } from '../Avatar/Avatar'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { SuggestedPeople } from '../SuggestedPeople/SuggestedPeople'
import styles from './WelcomeModal.module.scss'

export const WELCOME_TEXT = {
  photoTitle: 'Add a profile photo',
  photoText: 'Add a profile photo so your friends know it’s you.',
  addPhoto: 'Add a photo',
  peopleTitle: 'Find people to follow',
  peopleText: 'Follow people to see the photos they share in your Following feed.',
  skip: 'Skip',
  next: 'Next',
  done: 'Done',
  step: (step: number): string => `Step ${step} of 2`
} as const

type Step = 'photo' | 'people'

function PhotoStep({ onNext }: { onNext(): void }): ReactElement {
  const stores = useStores()
  const profile = useSession(selectProfile)
  const userId = useSession(selectUserId)
  const username = useSession(selectOwnUsername) ?? ''
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const save = async (image: ImageFile): Promise<void> => {
    setError(null)
    setSaving(true)
    try {
      await saveOwnProfile(stores, {}, await avatarFrom(image))
      onNext()
    } catch (caught) {
      setError(messageOr(caught, AVATAR_NOT_PROCESSED))
      setSaving(false)
    }
  }
  const picker = useImagePicker({
    multiple: false,
    onImages: ([image]) => void save(image),
    onError: setError
  })

  return (
    <div className={styles.step} {...picker.dropProps} data-testid="welcome-photo-drop">
      <p className={styles.counter}>{WELCOME_TEXT.step(1)}</p>
      <Avatar
        src={profile?.avatar_url}
        name={username || '?'}
        personId={userId}
        size={96}
        decorative
      />
      <h2 className={styles.title}>{WELCOME_TEXT.photoTitle}</h2>
      <p className={styles.text}>{WELCOME_TEXT.photoText}</p>
      <input
        className={styles.fileInput}
        aria-label="Choose a profile photo"
        {...picker.inputProps}
      />
      <button
        type="button"
        className={styles.primary}
        onClick={picker.pick}
        disabled={saving}
        aria-busy={saving}
      >
        {saving && <Spinner size={16} light />}
        {WELCOME_TEXT.addPhoto}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <button type="button" className={styles.skip} onClick={onNext} disabled={saving}>
        {WELCOME_TEXT.skip}
      </button>
    </div>
  )
}

function PeopleStep({ onDone }: { onDone(): void }): ReactElement {
  return (
    <div className={styles.step}>
      <p className={styles.counter}>{WELCOME_TEXT.step(2)}</p>
      <h2 className={styles.title}>{WELCOME_TEXT.peopleTitle}</h2>
      <p className={styles.text}>{WELCOME_TEXT.peopleText}</p>
      <SuggestedPeople label="Suggested people" />
      <button type="button" className={styles.primary} onClick={onDone}>
        {WELCOME_TEXT.done}
      </button>
    </div>
  )
}

export function WelcomeModal(): ReactElement {
  const { ui } = useStores()
  const [step, setStep] = useState<Step>('photo')
  const close = (): void => ui.getState().closeModal()
  return (
    <Modal
      title={step === 'photo' ? WELCOME_TEXT.photoTitle : WELCOME_TEXT.peopleTitle}
      showTitle={false}
      onClose={close}
      className={styles.dialog}
    >
      {step === 'photo' ? (
        <PhotoStep onNext={() => setStep('people')} />
      ) : (
        <PeopleStep onDone={close} />
      )}
    </Modal>
  )
}
