// Hands a small text file to the user as a download: a browser saves it, and Electron asks where
// to save it (its default for a download the page starts), so both builds share this path.

export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The click has started the download; the URL is no longer needed once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
