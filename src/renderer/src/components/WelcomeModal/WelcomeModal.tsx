// The welcome after sign-up (docs/product.md, "Welcome"; opened by onboarding/welcome.ts): step
// 1 adds a profile photo (picked or dropped, made into the 320 px square as Edit profile does),
// step 2 suggests people to follow. Either step can be skipped, and the dialog closed at any time.

import { useState, type ReactElement } from 'react'
import type { ImageFile } from '@shared/bridge-contract'
import { useSession, useStores } from '../../store'
import { selectOwnUsername, selectProfile, selectUserId } from '../../store/session/sessionStore'
import { saveOwnProfile } from '../../store/saveOwnProfile'
import { avatarFrom } from '../../imaging/avatarImage'
import { i18n, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import en from '../../i18n/locales/en.json'
import { errorText, phrase, type Text } from '../../i18n/phrase'
import { useImagePicker } from '../../picking/useImagePicker'
import { Avatar } from '../Avatar/Avatar'
import { Modal } from '../Modal/Modal'
import { Spinner } from '../Spinner/Spinner'
import { SuggestedPeople } from '../SuggestedPeople/SuggestedPeople'
import styles from './WelcomeModal.module.scss'

/** The dialog's English words (tests find its steps by them). */
export const WELCOME_TEXT = {
  ...en.welcome,
  step: (step: number): string => i18n.getFixedT('en')('welcome.step', { step })
} as const

type Step = 'photo' | 'people'

function PhotoStep({ onNext }: { onNext(): void }): ReactElement {
  const stores = useStores()
  const profile = useSession(selectProfile)
  const userId = useSession(selectUserId)
  const username = useSession(selectOwnUsername) ?? ''
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<Text | null>(null)
  const t = useT()
  const translate = useMessage()

  const save = async (image: ImageFile): Promise<void> => {
    setError(null)
    setSaving(true)
    try {
      await saveOwnProfile(stores, {}, await avatarFrom(image))
      onNext()
    } catch (caught) {
      setError(errorText(caught, phrase('editProfile.photoFailed')))
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
      <p className={styles.counter}>{t('welcome.step', { step: 1 })}</p>
      <Avatar
        src={profile?.avatar_url}
        name={username || '?'}
        personId={userId}
        size={96}
        decorative
      />
      <h2 className={styles.title}>{t('welcome.photoTitle')}</h2>
      <p className={styles.text}>{t('welcome.photoText')}</p>
      <input
        className={styles.fileInput}
        aria-label={t('editProfile.choosePhoto')}
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
        {t('welcome.addPhoto')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {translate(error)}
        </p>
      )}
      <button type="button" className={styles.skip} onClick={onNext} disabled={saving}>
        {t('welcome.skip')}
      </button>
    </div>
  )
}

function PeopleStep({ onDone }: { onDone(): void }): ReactElement {
  const t = useT()
  return (
    <div className={styles.step}>
      <p className={styles.counter}>{t('welcome.step', { step: 2 })}</p>
      <h2 className={styles.title}>{t('welcome.peopleTitle')}</h2>
      <p className={styles.text}>{t('welcome.peopleText')}</p>
      <SuggestedPeople label={t('welcome.suggested')} />
      <button type="button" className={styles.primary} onClick={onDone}>
        {t('welcome.done')}
      </button>
    </div>
  )
}

export function WelcomeModal(): ReactElement {
  const { ui } = useStores()
  const [step, setStep] = useState<Step>('photo')
  const t = useT()
  const close = (): void => ui.getState().closeModal()
  return (
    <Modal
      title={step === 'photo' ? t('welcome.photoTitle') : t('welcome.peopleTitle')}
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
