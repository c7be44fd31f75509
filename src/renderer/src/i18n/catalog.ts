// A language's strings: nested objects of strings, keyed by area ("post.likes"). Plural forms
// are sibling keys with i18next's Intl.PluralRules suffixes (likes_one, likes_other; Arabic also
// _zero, _two, _few, _many).

export interface Catalog {
  [key: string]: string | Catalog
}
