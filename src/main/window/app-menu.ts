// Glue: the application menu built from buildMenuTemplate with Electron's real actions, in the
// language `text` speaks (called again when it changes). The template and what each item does
// are tested in tests/unit/main/menu.test.ts.

import { app, Menu, nativeTheme, shell } from 'electron'
import type { AppCommand } from '../../shared/bridge-contract'
import type { MenuText } from '../i18n/menu-text'
import { problemReportUrl } from '../report-problem'
import type { KeyValueStore } from '../session/secret-storage'
import { aboutPanelOptions, buildMenuTemplate } from './menu'
import { setThemeSource, storedThemeSource } from './theme'
import { isSafeExternalUrl } from './url-policy'

export function installApplicationMenu(deps: {
  preferences: KeyValueStore
  /** Brings the window forward and hands the command to the page. */
  command(command: AppCommand): void
  /** The app icon, shown by Help › About on Linux. */
  iconPath?: string
  text: MenuText
}): void {
  app.setAboutPanelOptions(
    aboutPanelOptions({
      appName: app.name,
      version: app.getVersion(),
      electronVersion: process.versions.electron,
      chromeVersion: process.versions.chrome,
      platform: process.platform,
      iconPath: deps.iconPath
    })
  )
  const issuesUrl = import.meta.env.MAIN_VITE_ISSUES_URL
  const template = buildMenuTemplate({
    platform: process.platform,
    appName: app.name,
    isDev: !app.isPackaged,
    theme: storedThemeSource(deps.preferences),
    // Login items exist on macOS and Windows; Linux desktops have no API Electron uses.
    openAtLogin: process.platform === 'linux' ? null : app.getLoginItemSettings().openAtLogin,
    text: deps.text,
    actions: {
      command: deps.command,
      setTheme: (source) => setThemeSource(nativeTheme, deps.preferences, source),
      openLogsFolder: () => void shell.openPath(app.getPath('logs')),
      setOpenAtLogin: (openAtLogin) => app.setLoginItemSettings({ openAtLogin }),
      reportProblem: issuesUrl ? () => reportProblem(issuesUrl) : undefined
    }
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

function reportProblem(issuesUrl: string): void {
  const url = problemReportUrl(issuesUrl, {
    version: app.getVersion(),
    platform: process.platform,
    arch: process.arch,
    osVersion: process.getSystemVersion(),
    electronVersion: process.versions.electron
  })
  // The same policy as every link leaving the app: http(s) only, after parsing.
  if (isSafeExternalUrl(url)) void shell.openExternal(url)
}
