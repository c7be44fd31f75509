// A zip written as it is made: every entry's bytes go to the sink before the next entry is
// read, so building an archive of any number of photos holds at most one photo (and the small
// JSON files) in memory. Photos are already compressed, so they are stored; JSON is deflated.

import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/** Where the archive's bytes go: a file in main, chunks for a download in the browser. */
export interface ZipSink {
  write(chunk: Uint8Array): Promise<void>
}

export class ZipStream {
  private pending: Uint8Array[] = []
  private failure: Error | null = null
  private written = 0
  private readonly zip: Zip

  constructor(private readonly sink: ZipSink) {
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error
      else this.pending.push(chunk)
    })
  }

  /** Bytes handed to the sink so far. */
  get bytesWritten(): number {
    return this.written
  }

  async addStored(name: string, bytes: Uint8Array, modified?: Date): Promise<void> {
    const entry = new ZipPassThrough(name)
    if (modified) entry.mtime = modified
    this.zip.add(entry)
    entry.push(bytes, true)
    await this.flush()
  }

  async addJson(name: string, value: unknown, modified?: Date): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 })
    if (modified) entry.mtime = modified
    this.zip.add(entry)
    entry.push(new TextEncoder().encode(JSON.stringify(value, null, 2)), true)
    await this.flush()
  }

  /** Writes the central directory; the archive is complete once this resolves. */
  async end(): Promise<void> {
    this.zip.end()
    await this.flush()
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure
    const chunks = this.pending
    this.pending = []
    for (const chunk of chunks) {
      await this.sink.write(chunk)
      this.written += chunk.byteLength
    }
  }
}
