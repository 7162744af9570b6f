// Tells whether a query carries contact details (an e-mail address or a phone number), however it
// is written: the text is first put in one plain form (any script's digits as 0-9, every dash as
// "-", every space as " ", "at"/"dot" spelt out as "@"/".") and only then matched, so
// "jane.doe at victim dot com", "(415)555–0100" and Arabic-Indic digits are all caught. Ordinary
// figures ("series b saas 2024", "100m arr", "2023-2024") stay below the bar.

// "jane@victim" written tight is an address even without a dot; with spaces around the "@" (or
// "at" spelt out) a dotted domain is needed, so "b2b @ scale" and "saas at 40m arr" stay queries.
const tightEmail = /[^\s@]+@[^\s@]+/;
const spacedEmail = /[^\s@]+ ?@ ?[^\s@]*\.[a-z]{2,}/;
const spelledAt = /\s*(?:[([{<]\s*at\s*[)\]}>]|\bat\b)\s*/g;
const spelledDot = /\s*(?:[([{<]\s*dot\s*[)\]}>]|\bdot\b)\s*/g;
// Seven or more digits, each separated by at most three of the signs phone numbers are written
// with: "+44 20 7946 0958", "(555) 010-4477", "415/555/0100", "07911_123456".
const phone = /\+?\d(?:[ ()./_-]{0,3}\d){6,}/g;
// Years side by side ("2023-2024", "2019 2020 2021") reach seven digits without being a number.
const onlyYears = /^(?:(?:19|20)\d\d\D*)+$/;

/** True when the text contains something that looks like an e-mail address or a phone number. */
export function carriesContactDetails(text: string): boolean {
  const plain = plainForm(text);
  if (tightEmail.test(plain)) return true;
  const spelled = plain.replace(spelledAt, ' @ ').replace(spelledDot, '.');
  if (spacedEmail.test(spelled)) return true;
  for (const match of plain.matchAll(phone)) if (!onlyYears.test(match[0])) return true;
  return false;
}

/**
 * The text without the e-mail addresses and phone numbers written in it (tight forms, as typed), for
 * code that repeats parts of a text back: what is left never carries them piecemeal.
 */
export function withoutContactDetails(text: string): string {
  return text
    .replace(new RegExp(tightEmail.source, 'g'), ' ')
    .replace(phone, (match) => (onlyYears.test(match) ? match : ' '));
}

function plainForm(text: string): string {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "not ASCII", U+0000 its first.
      .replace(/[^\x00-\x7f]/g, (char) =>
        /\p{Nd}/u.test(char)
          ? digitValue(char)
          : /[\p{Pd}\u2212]/u.test(char)
            ? '-'
            : /\s|\p{Z}/u.test(char)
              ? ' '
              : char,
      )
      .replace(/\s+/g, ' ')
  );
}

const nd = /\p{Nd}/u;
/** The value of a decimal digit of any script: Unicode lays each script's 0-9 out in a run of ten. */
function digitValue(char: string): string {
  const code = char.codePointAt(0)!;
  let before = 0;
  while (nd.test(String.fromCodePoint(code - before - 1))) before += 1;
  return String(before % 10);
}
