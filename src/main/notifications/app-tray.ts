// The tray of this app (Windows and Linux, once someone is signed in): Electron's Tray and Menu
// come in as arguments, the menu's actions open the window and send it commands.

import type { MenuItemConstructorOptions } from 'electron'
import { createTrayController, type TrayController } from './tray'

/** What is used of Electron's Tray. */
export interface ElectronTrayLike {
  setToolTip(toolTip: string): void
  setContextMenu(menu: unknown): void
  on(event: 'click', listener: () => void): unknown
  destroy(): void
}

export interface AppTrayDeps {
  platform: NodeJS.Platform
  createTray(): ElectronTrayLike
  buildMenu(template: MenuItemConstructorOptions[]): unknown
  showWindow(): void
  command(command: 'new-post' | 'go-activity' | 'go-direct'): void
  quit(): void
}

export function createAppTray(deps: AppTrayDeps): TrayController {
  return createTrayController({
    platform: deps.platform,
    createTray: () => {
      const icon = deps.createTray()
      return {
        setToolTip: (toolTip) => icon.setToolTip(toolTip),
        setContextMenu: (template) => icon.setContextMenu(deps.buildMenu(template)),
        on: (event, listener) => void icon.on(event, listener),
        destroy: () => icon.destroy()
      }
    },
    actions: {
      open: deps.showWindow,
      newPost: () => {
        deps.showWindow()
        deps.command('new-post')
      },
      showActivity: () => {
        deps.showWindow()
        deps.command('go-activity')
      },
      showMessages: () => {
        deps.showWindow()
        deps.command('go-direct')
      },
      quit: deps.quit
    }
  })
}
