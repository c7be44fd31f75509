// The one lazy loader of the renderer's services: an operation of a module loaded on its first
// call, so the start does not parse what only a later screen needs (a thread's messages, the
// profile editor, the safety settings, people tags).

/** The operation `name` of the module `load` gives, loaded on its first call. */
export function later<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const call = async (...args: unknown[]): Promise<unknown> => {
    const operation = (await load())[name] as (...all: unknown[]) => Promise<unknown>
    return operation(...args)
  }
  return call as M[K]
}
