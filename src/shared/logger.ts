// The logger that services take as a dependency, so tests can assert on (or silence) what is
// logged. Isomorphic: main, the browser platform and the backend use the same shape.

export interface Logger {
  info(message: string, ...details: unknown[]): void
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

export const consoleLogger: Logger = {
  info: (message, ...details) => console.info(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details)
}
