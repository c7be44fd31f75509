// Help › Report a Problem: a new issue on the project's tracker, prefilled with what a
// maintainer asks first (version, OS, Electron), opened in the user's browser. Nothing from the
// session or the logs goes into the URL: the user decides what to attach.

export interface ProblemReportInfo {
  version: string
  platform: string
  arch: string
  osVersion: string
  electronVersion: string
}

/** The "new issue" URL for a tracker (e.g. https://github.com/owner/repo/issues/new). */
export function problemReportUrl(trackerUrl: string, info: ProblemReportInfo): string {
  const url = new URL(trackerUrl)
  if (url.protocol !== 'https:') throw new Error(`The issue tracker must be https: ${trackerUrl}`)
  url.searchParams.set('title', '')
  url.searchParams.set(
    'body',
    [
      '**What happened?**',
      '',
      '**What did you expect?**',
      '',
      '**Steps to reproduce**',
      '1. ',
      '',
      '---',
      `Instaframe ${info.version} · ${info.platform} ${info.osVersion} (${info.arch}) · Electron ${info.electronVersion}`,
      'Logs: Help › Open Logs Folder (attach main.log if it helps; it holds no passwords or tokens).'
    ].join('\n')
  )
  return url.toString()
}
