// Where the window's documents come from, with the CSP each carries: the dev server's documents
// get theirs from webRequest; app:// documents (a packaged or built app) from the protocol
// handler, which names the backend once it is known.

import { readFile } from 'node:fs/promises'
import { buildCsp } from './csp'
import { serveAppProtocol, type ProtocolLike } from './app-protocol'
import { serveDocumentCsp, type WebRequestLike } from './document-csp'

export interface RendererDocuments {
  protocol: Pick<ProtocolLike, 'handle'>
  webRequest: WebRequestLike
  /** The built renderer's folder, served as app://. */
  rootDir: string
  backendUrl: Promise<string>
  devServerUrl: string | null
}

export function serveRendererDocuments({
  protocol,
  webRequest,
  rootDir,
  backendUrl,
  devServerUrl
}: RendererDocuments): void {
  serveDocumentCsp(webRequest, backendUrl, devServerUrl)
  if (devServerUrl) return
  let knownBackendUrl: string | null = null
  backendUrl.then(
    (url) => (knownBackendUrl = url),
    () => undefined
  )
  serveAppProtocol(protocol, {
    rootDir,
    readFile: (path) => readFile(path),
    documentCsp: () => (knownBackendUrl ? buildCsp({ backendUrl: knownBackendUrl }) : null)
  })
}
