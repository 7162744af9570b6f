// What text both back-ends store exactly as given: PostgreSQL refuses NUL in text ("invalid byte
// sequence for encoding UTF8: 0x00") and a lone surrogate reaches either database as U+FFFD. Text a
// writer queues for a later batch is made storable first, so one visitor's bytes cannot fail it.

/** `text` without NUL characters, with each lone surrogate replaced by U+FFFD (as it would be stored). */
export function storableText(text: string): string {
  const wellFormed = text.isWellFormed() ? text : text.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '') : wellFormed;
}
