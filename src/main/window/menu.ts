// The standard application menu, with the macOS app menu. No custom commands: the roles give
// the platform's own labels, shortcuts and behaviour.

import type { MenuItemConstructorOptions } from 'electron'

export function buildMenuTemplate(options: {
  platform: NodeJS.Platform
  appName: string
  isDev: boolean
}): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []
  if (isMac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' }
      ]
    })
  }
  template.push(
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        // DevTools only in development: a shipped app should not invite pasting code.
        ...(options.isDev
          ? ([{ role: 'forceReload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[])
          : []),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' }
      ]
    },
    { role: 'windowMenu' }
  )
  return template
}
