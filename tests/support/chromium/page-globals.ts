// The Chromium page's globals, for callbacks passed to page.evaluate. These files are checked
// with the node project, which has no DOM library (so main and backend code cannot use DOM
// APIs by mistake); a callback reads the page's globals as `globalThis as unknown as
// PageGlobals` instead. Loosely typed on purpose: the callbacks run in the browser, and the
// tests that use them check what they return.

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface PageGlobals {
  OffscreenCanvas: new (width: number, height: number) => any
  FileReader: new () => any
  createImageBitmap(source: Blob): Promise<any>
  requestAnimationFrame(callback: () => void): number
  scrollBy(x: number, y: number): void
  document: any
  location: { hash: string }
  performance: { now(): number }
  PerformanceObserver: new (callback: (list: any) => void) => any
  MessageChannel: new () => any
  KeyboardEvent: new (type: string, init: Record<string, unknown>) => any
  /** The app's upload pipeline, bundled into the page by pipelinePage(). */
  pipeline: {
    makeRenditions(bytes: Uint8Array, type: string, frame?: any, edit?: any): Promise<any>
  }
  /** What the bench's init script records. */
  __bench: any
  /** Event Timing entries the interaction bench's init script records. */
  __events: any
}
/* eslint-enable @typescript-eslint/no-explicit-any */
