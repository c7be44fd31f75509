// What a regular expression (Postgres's ARE syntax, as `match`/`imatch` filters send it) asks
// of the regex engine, read without compiling it: whether it uses a backreference, whether a
// group that repeats has a quantifier of its own inside (`(.*){1,200}`, `(a+)*`), and how many
// copies its counted repetitions (`{n}`, `{m,n}`) make. Postgres compiles each counted
// repetition into that many copies of its operand, and a repeated group holding a quantifier
// into copies of copies: `(.*){1,200}zq` took 5.8 s over 4,600 comments on PGlite, `zq` 20 ms.
// The reader is conservative: what it cannot make sense of it reads as plain characters,
// and Postgres refuses a malformed expression itself, cheaply, before matching any row.

export interface RegexShape {
  /** `\1`…`\9`: backtracking the engine cannot bound. */
  backreference: boolean
  /** A group repeated more than once that holds a quantifier. */
  nestedRepetition: boolean
  /** The upper bounds of every counted repetition added up (`{m,}` counts m). */
  countedRepetitions: number
}

interface Group {
  hasQuantifier: boolean
}

type Previous = 'none' | 'atom' | 'quantifier' | Group

const COUNTED = /^\{(\d{1,9})(,(\d{0,9}))?\}/

/** The end (exclusive) of the bracket expression starting at `start` (`[`). */
function bracketEnd(pattern: string, start: number): number {
  let i = start + 1
  if (pattern[i] === '^') i++
  if (pattern[i] === ']') i++
  while (i < pattern.length && pattern[i] !== ']') {
    const next = pattern[i + 1]
    if (pattern[i] === '[' && (next === ':' || next === '.' || next === '=')) {
      const close = pattern.indexOf(`${next}]`, i + 2)
      i = close < 0 ? pattern.length : close + 2
    } else {
      i += pattern[i] === '\\' ? 2 : 1
    }
  }
  return i + 1
}

/** The pattern without the ARE director (`***:`) or leading embedded options (`(?i)`). */
function body(pattern: string): string | null {
  if (pattern.startsWith('***=')) return null
  let rest = pattern.startsWith('***:') ? pattern.slice(4) : pattern
  const options = /^\(\?([a-z]+)\)/.exec(rest)
  if (options) {
    // `q`: the rest is a literal string.
    if (options[1].includes('q')) return null
    rest = rest.slice(options[0].length)
  }
  return rest
}

export function regexShape(pattern: string): RegexShape {
  const shape: RegexShape = { backreference: false, nestedRepetition: false, countedRepetitions: 0 }
  const text = body(pattern)
  if (text === null) return shape
  const groups: Group[] = [{ hasQuantifier: false }]
  let previous: Previous = 'none'

  /** A quantifier after `operand`; `repeats` when it allows more than one copy. */
  const quantify = (operand: Previous, repeats: boolean): Previous => {
    if (typeof operand === 'object' && operand.hasQuantifier && repeats) {
      shape.nestedRepetition = true
    }
    groups[groups.length - 1].hasQuantifier = true
    return 'quantifier'
  }

  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '\\') {
      if (/[1-9]/.test(text[i + 1] ?? '')) shape.backreference = true
      i++
      previous = 'atom'
    } else if (char === '[') {
      i = bracketEnd(text, i) - 1
      previous = 'atom'
    } else if (char === '(') {
      // (?: (?= (?! (?<= (?<!: groups that capture nothing, still groups for quantifiers.
      const prefix = /^\(\?(:|=|!|<=|<!)/.exec(text.slice(i))
      if (prefix) i += prefix[0].length - 1
      groups.push({ hasQuantifier: false })
      previous = 'none'
    } else if (char === ')') {
      const closed = groups.length > 1 ? groups.pop()! : { hasQuantifier: false }
      if (closed.hasQuantifier) groups[groups.length - 1].hasQuantifier = true
      previous = closed
    } else if (char === '*' || char === '+' || char === '?') {
      // `*?`, `+?`, `??`, `{m,n}?`: the non-greedy form of the quantifier just read.
      if (char === '?' && previous === 'quantifier') continue
      previous = quantify(previous, char !== '?')
    } else if (char === '{' && COUNTED.test(text.slice(i))) {
      const [whole, low, comma, high] = COUNTED.exec(text.slice(i))!
      const min = Number(low)
      const max = comma === undefined ? min : high === '' ? Infinity : Number(high)
      shape.countedRepetitions += max === Infinity ? min : max
      previous = quantify(previous, max > 1)
      i += whole.length - 1
    } else if (char === '|' || char === '^' || char === '$') {
      previous = 'none'
    } else {
      previous = 'atom'
    }
  }
  return shape
}
