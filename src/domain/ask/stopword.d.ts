// The stopword package ships no types; the ask reads only its English list.
declare module 'stopword' {
  /** English stop words, lower case. */
  export const eng: string[];
}
