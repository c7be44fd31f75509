// The app's icon as a file and as the tray's image.

import { join } from 'node:path'
import { app, nativeImage, type NativeImage } from 'electron'

/** The app icon as a file: beside the archive in a packaged app (where the tray takes it too). */
export function appIconPath(): string {
  return app.isPackaged
    ? join(process.resourcesPath, 'tray-icon.png')
    : join(app.getAppPath(), 'resources', 'icon.png')
}

/** The tray's image: the app icon (shipped beside the archive), at the size trays draw. */
export function trayIcon(): NativeImage {
  const path = appIconPath()
  const size = process.platform === 'win32' ? 16 : 24
  return nativeImage.createFromPath(path).resize({ width: size, height: size })
}
