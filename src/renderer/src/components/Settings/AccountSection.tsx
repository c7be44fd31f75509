// Settings › Account: delete the account. Everything of it goes (posts, photos, stories,
// comments, likes, follows, the profile and the sign-in), on the server, after the password.

import { useState, type FormEvent, type ReactElement } from 'react'
import { ACCOUNT_FAILED } from '../../services/rules'
import { useStores } from '../../store'
import { HOME } from '../../store/router/routes'
import { useStepSubmit } from '../AuthModal/AuthField'
import { SettingsField } from './SettingsField'
import { SubmitOutcome } from './SubmitOutcome'
import { useT } from '../../i18n'
import en from '../../i18n/locales/en.json'
import styles from './SettingsSection.module.scss'

/** The section's English words (tests find its controls by them). */
export const ACCOUNT_TEXT = en.settings.account

export function AccountSection(): ReactElement {
  const { api, session, router } = useStores()
  const [password, setPassword] = useState('')
  const submit = useStepSubmit()
  const t = useT()

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    void submit.run(async () => {
      await api.account.deleteAccount(password)
      await session.getState().accountDeleted()
      router.getState().navigate(HOME)
    }, ACCOUNT_FAILED)
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby="account-delete">
      <h3 className={styles.subheading} id="account-delete">
        {t('settings.account.title')}
      </h3>
      <p className={styles.muted}>{t('settings.account.explain')}</p>
      <SettingsField
        label={t('settings.account.password')}
        type="password"
        value={password}
        autoComplete="current-password"
        onChange={setPassword}
      />
      <SubmitOutcome submit={submit} label={t('settings.account.confirm')} danger />
    </form>
  )
}
