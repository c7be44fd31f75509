// The app uses no camera, microphone, location, notifications, MIDI, HID, serial or USB:
// every permission request and check is refused. The photo comes from a file, not a device.

export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void
    ) => void
  ): void
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void
  setDevicePermissionHandler?(handler: () => boolean): void
}

/** Permissions a photo-sharing page may hold: writing to the clipboard (sanitised). */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write'])

export function isPermissionAllowed(permission: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission)
}

export function denyUnusedPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(isPermissionAllowed(permission))
  )
  session.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission))
  session.setDevicePermissionHandler?.(() => false)
}
