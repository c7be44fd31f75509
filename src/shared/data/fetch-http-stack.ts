// What tus-js-client needs to run on fetch and on bytes already in memory, in the page, in main
// and in tests alike: an HTTP stack over fetch (its own uses XMLHttpRequest in a browser and
// node:http in Node, which the connectivity monitor's fetch would not see), and a file reader
// for a Uint8Array (its own take a Blob in a browser and a Buffer in Node).

import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client'

interface SliceResult {
  value: Uint8Array
  done: boolean
}

/** tus-js-client's FileReader over bytes in memory: each chunk is a view, never a copy. */
export const bytesReader = {
  openFile(input: unknown): Promise<{
    size: number
    slice(start: number, end: number): Promise<SliceResult>
    close(): void
  }> {
    const bytes = input as Uint8Array
    return Promise.resolve({
      size: bytes.byteLength,
      slice: (start: number, end: number) => {
        // tus-js-client reads a chunk's length from `size`, as a Blob and its Buffer source have.
        const value = Object.assign(bytes.subarray(start, end), { size: end - start })
        return Promise.resolve({ value, done: end >= bytes.byteLength })
      },
      close: () => undefined
    })
  }
}

function answer(response: Response, body: string): HttpResponse {
  return {
    getStatus: () => response.status,
    getHeader: (name) => response.headers.get(name) ?? undefined,
    getBody: () => body,
    getUnderlyingObject: () => response
  }
}

/** An HTTP stack that sends through `send` (the global fetch, looked up at each request). */
export function fetchHttpStack(send?: typeof fetch): HttpStack {
  const request = (method: string, url: string): HttpRequest => {
    // Lower-case names, as fetch sends them.
    const headers: Record<string, string> = {}
    const controller = new AbortController()
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void (headers[name.toLowerCase()] = value),
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: () => undefined,
      async send(body?: Uint8Array | null) {
        const fetcher = send ?? ((input, init) => globalThis.fetch(input, init))
        const response = await fetcher(url, {
          method,
          headers,
          body: body ?? undefined,
          signal: controller.signal
        } as RequestInit)
        return answer(response, method === 'HEAD' ? '' : await response.text())
      },
      abort: () => Promise.resolve(controller.abort()),
      getUnderlyingObject: () => controller
    }
  }
  return { createRequest: request, getName: () => 'fetchHttpStack' }
}
