// Electron's crashReporter writes a minidump for every crashed process (main, the window, the
// local backend) into app.getPath('crashDumps'). Nothing leaves the machine unless a build or a
// QA run names a server: INSTAFRAME_CRASH_REPORT_URL at run time, MAIN_VITE_CRASH_REPORT_URL at
// build time. Only https servers are accepted, since a minidump holds process memory.

import type { CrashReporterStartOptions } from 'electron'

export function crashReporterOptions(settings: {
  runtimeUrl?: string
  buildUrl?: string
  version: string
}): CrashReporterStartOptions & { uploadToServer: boolean } {
  const candidate = (settings.runtimeUrl || settings.buildUrl || '').trim()
  const submitURL = isHttpsUrl(candidate) ? candidate : ''
  return {
    productName: 'Instaframe',
    submitURL,
    uploadToServer: submitURL !== '',
    compress: true,
    // Lets a crash server group dumps by version; nothing about the user.
    globalExtra: { appVersion: settings.version }
  }
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}
