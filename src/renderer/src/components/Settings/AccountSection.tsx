// Settings › Account: delete the account. Everything of it goes (posts, photos, stories,
// comments, likes, follows, the profile and the sign-in), on the server, after the password.

import { useState, type FormEvent, type ReactElement } from 'react'
import { ACCOUNT_FAILED } from '../../services/rules'
import { useStores } from '../../store'
import { HOME } from '../../store/router/routes'
import { useStepSubmit } from '../AuthModal/AuthField'
import { SettingsField } from './SettingsField'
import { SubmitOutcome } from './SubmitOutcome'
import styles from './SettingsSection.module.scss'

export const ACCOUNT_TEXT = {
  title: 'Delete account',
  explain:
    'Deleting your account removes your profile, photos, stories, comments, likes and follows for good. This cannot be undone.',
  password: 'Password',
  confirm: 'Delete account'
} as const

export function AccountSection(): ReactElement {
  const { api, session, router } = useStores()
  const [password, setPassword] = useState('')
  const submit = useStepSubmit()

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
        {ACCOUNT_TEXT.title}
      </h3>
      <p className={styles.muted}>{ACCOUNT_TEXT.explain}</p>
      <SettingsField
        label={ACCOUNT_TEXT.password}
        type="password"
        value={password}
        autoComplete="current-password"
        onChange={setPassword}
      />
      <SubmitOutcome submit={submit} label={ACCOUNT_TEXT.confirm} danger />
    </form>
  )
}
