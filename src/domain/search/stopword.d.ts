// The stopword package ships no types; search reads its English and German lists.
declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: string[];
  /** German stop words, lower case, with umlauts. */
  export const deu: string[];
}
