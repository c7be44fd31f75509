// The recover screen: an error while drawing the page would otherwise leave React with nothing
// to show, a blank window. The error goes to the log (the desktop app keeps the renderer's
// console in its log file); the user is told nothing they made is lost and can reload.

import { Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react'
import { BRAND_NAME } from '../../brand'
import { useT } from '../../i18n'
import styles from './CrashScreen.module.scss'

interface Props {
  children: ReactNode
  /** Reloads the page; the window's own reload by default. */
  reload?: () => void
}

interface State {
  failed: boolean
}

export class CrashScreen extends Component<Props, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The page stopped drawing', error, info.componentStack)
  }

  render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return <Recover reload={this.props.reload ?? (() => window.location.reload())} />
  }
}

function Recover({ reload }: { reload(): void }): ReactElement {
  const t = useT()
  return (
    <main className={styles.screen}>
      <div className={styles.panel} role="alert">
        <p className={styles.wordmark}>{BRAND_NAME}</p>
        <h1 className={styles.title}>{t('crash.title')}</h1>
        <p className={styles.text}>{t('crash.text', { brand: BRAND_NAME })}</p>
        <button type="button" className={styles.reload} onClick={reload}>
          {t('crash.reload')}
        </button>
      </div>
    </main>
  )
}
