// Every document the window loads carries our Content-Security-Policy, which names the backend
// once it is known; until then (or when it never starts) it allows no backend at all.

import { buildCsp, withCspHeader } from './csp'

export interface HeadersDetails {
  resourceType: string
  responseHeaders?: Record<string, string[]>
}

/** The part of Electron's session.webRequest this needs. */
export interface WebRequestLike {
  onHeadersReceived(
    listener: (
      details: HeadersDetails,
      callback: (response: { responseHeaders?: Record<string, string[]> }) => void
    ) => void
  ): void
}

export function serveDocumentCsp(
  webRequest: WebRequestLike,
  backendUrl: Promise<string>,
  devServerUrl: string | null
): void {
  webRequest.onHeadersReceived((details, callback) => {
    // Documents only; API responses are not documents and keep their own headers.
    if (details.resourceType !== 'mainFrame' && details.resourceType !== 'subFrame') {
      callback({})
      return
    }
    // Until the backend is known the CSP allows no backend at all (connect-src 'self').
    const respond = (url: string | null): void =>
      callback({
        responseHeaders: withCspHeader(
          details.responseHeaders,
          buildCsp({
            backendUrl: url ?? 'http://127.0.0.1',
            devServerUrl,
            noBackend: !url
          })
        )
      })
    backendUrl.then(respond, () => respond(null))
  })
}
