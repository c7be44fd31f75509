// PGlite (Postgres compiled to WebAssembly): in memory, or persisted in a data folder.

import { PGlite } from '@electric-sql/pglite'
import type { Database } from './database'
import { rememberFileSizes, type EmscriptenFs, type FileSizeStats } from './pglite-file-sizes'
import { loadPgliteExtensions } from './pglite-extensions'
import type { PgliteWasm } from './pglite-wasm'
import { protocolQuery, protocolTransaction } from './pglite-protocol'
import { StatementCache } from './statement-cache'

const asText = (value: string): string => value

/**
 * PGlite's buffer cache is allocated in its WebAssembly memory up front, so Postgres's default
 * 128 MB is resident from the start. A desktop user's database is far smaller; 32 MB keeps a
 * 100,000-post feed's hot pages cached and the backend about 100 MB lighter.
 */
const SHARED_BUFFERS = '32MB'

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for `openPglite(dataDir, { snapshot })`. */
  snapshot(): Promise<ArrayBuffer>
  /** How file sizes were answered (see pglite-file-sizes.ts); null in memory, where none is kept. */
  readonly fileSizes: FileSizeStats | null
}

/** PGlite's Emscripten module: internal, but the file-size cache needs its FS. */
interface PgliteModule {
  FS: EmscriptenFs
  NODEFS: unknown
}

export interface PgliteOptions {
  /** SQL names of the contrib extensions the schema creates (see pglite-extensions.ts). */
  extensions?: readonly string[]
  /** A new database may start from a data directory tarball instead of initdb. */
  snapshot?: ArrayBuffer
  /** PGlite's WebAssembly, already compiled (see pglite-wasm.ts). */
  wasm?: PgliteWasm
}

/**
 * The tarball as PGlite reads it (it calls `arrayBuffer()`). Not a real Blob: Node 20 copies a
 * Blob's bytes back out in small chunks, concatenated one at a time, which took seconds of CPU
 * for a 40 MB data directory, at every start from a snapshot and every dump.
 */
function tarball(bytes: ArrayBuffer): Blob {
  const read = (): Promise<ArrayBuffer> => Promise.resolve(bytes)
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: read } as Blob
}

/** `dataDir` undefined means in memory: gone when the process ends. */
export async function openPglite(
  dataDir?: string,
  options: PgliteOptions = {}
): Promise<PgliteDatabase> {
  const pg = await PGlite.create({
    dataDir,
    loadDataDir: options.snapshot && tarball(options.snapshot),
    pgliteWasmModule: options.wasm?.pglite,
    initdbWasmModule: options.wasm?.initdb,
    extensions: await loadPgliteExtensions(options.extensions ?? []),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    // The same JS values node-postgres gives (see postgres.ts): timestamps as Postgres prints
    // them, int8 counts as numbers.
    parsers: { 1114: asText, 1184: asText, 1082: asText, 20: Number }
  })
  // On a data folder every relation file is a real file, whose size Postgres asks often.
  const module = (pg as unknown as { mod?: PgliteModule }).mod
  const fileSizes = dataDir && module ? rememberFileSizes(module.FS, module.NODEFS) : null
  const statements = new StatementCache()
  let calls = 0
  const onCall = (): void => {
    calls += 1
  }
  return {
    kind: 'pglite',
    get calls() {
      return calls
    },
    query: (sql, params) => protocolQuery(pg, onCall, sql, params),
    exec: async (sql) => {
      onCall()
      await pg.exec(sql)
    },
    transaction: (work, options) => protocolTransaction(pg, onCall, work, options, statements),
    // In-process: no connection to lose, so nothing is ever interrupted.
    listen: async (channel, onNotify) => {
      const unlisten = await pg.listen(channel, onNotify)
      return () => unlisten()
    },
    snapshot: async () => (await pg.dumpDataDir('none')).arrayBuffer(),
    fileSizes,
    close: () => pg.close()
  }
}
