// Which of PGlite's extension bundles the package leaves out: all but those the migrations
// create. The backend loads the same ones (src/backend/db/pglite-extensions.ts); a test keeps the
// two readings of the migrations in agreement.

const { readdirSync, readFileSync } = require('node:fs')
const { dirname, join } = require('node:path')

const CREATE_EXTENSION = /create\s+extension\s+(?:if\s+not\s+exists\s+)?("?)([a-z0-9_-]+)\1/gi

/** The extensions the migrations in `folder` create, lower-cased, sorted. */
function extensionsInMigrations(folder) {
  const names = new Set()
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(join(folder, file), 'utf8').matchAll(CREATE_EXTENSION)) {
      names.add(match[2].toLowerCase())
    }
  }
  return [...names].sort()
}

/** electron-builder `files` exclusions for every extension bundle not in `used`. */
function unusedExtensionExclusions(used) {
  const dist = dirname(require.resolve('@electric-sql/pglite'))
  return readdirSync(dist)
    .filter((name) => name.endsWith('.tar.gz') && !used.includes(name.slice(0, -'.tar.gz'.length)))
    .map((name) => `!node_modules/@electric-sql/pglite/dist/${name}`)
}

module.exports = { extensionsInMigrations, unusedExtensionExclusions }
