// Why an audit fetch was refused or failed, and what the report says of a check it ended: the
// reason is kept as a key with its values, so the error's own message (logs, the CLI) is English
// and the report words it in the site's language.
import { checkWords } from './check-words.ts';

export const fetchReasonWords = checkWords({
  en: {
    notUrl: 'not a URL',
    scheme: 'scheme {scheme} (only http and https)',
    credentials: 'credentials in the URL are never sent',
    ipv4Spelling: 'IPv4 address written as "{written}" (only the dotted-decimal form is read)',
    port: 'port {port} (only 80 and 443)',
    address: '{range} address',
    resolvesTo: '{host} resolves to {range} address {address}',
    noAddress: '{host} has no address',
    tooManyFetches: 'more than {max} requests in one audit',
    tooManyRedirects: 'more than {max} redirects',
    declaredTooLarge: 'response of {declared} bytes, over the {max}-byte limit',
    tooLarge: 'response over the {max}-byte limit',
    auditBytes: 'the audit read over its {max} bytes',
    auditTime: "the audit''s {seconds} s ran out",
    noAnswer: 'no answer in time',
    network: '{problem}',
  },
  de: {
    notUrl: 'keine URL',
    scheme: 'Schema {scheme} (nur http und https)',
    credentials: 'Zugangsdaten in der URL werden nie gesendet',
    ipv4Spelling: 'IPv4-Adresse geschrieben als „{written}“ (gelesen wird nur die Punktschreibweise)',
    port: 'Port {port} (nur 80 und 443)',
    address: 'Adresse im Bereich {range}',
    resolvesTo: '{host} löst auf die Adresse {address} im Bereich {range} auf',
    noAddress: '{host} hat keine Adresse',
    tooManyFetches: 'mehr als {max} Anfragen in einer Prüfung',
    tooManyRedirects: 'mehr als {max} Weiterleitungen',
    declaredTooLarge: 'Antwort mit {declared} Bytes, über der Grenze von {max} Bytes',
    tooLarge: 'Antwort über der Grenze von {max} Bytes',
    auditBytes: 'die Prüfung hat mehr als ihre {max} Bytes gelesen',
    auditTime: 'die {seconds} s der Prüfung sind abgelaufen',
    noAnswer: 'keine Antwort in der vorgesehenen Zeit',
    network: '{problem}',
  },
});

export type FetchReasonKey = keyof typeof fetchReasonWords.sentences.en;

/** A fetch's reason to fail: the sentence and what it places. */
export interface FetchReason {
  key: FetchReasonKey;
  values?: Record<string, string | number>;
}

/** A check the fetcher ended, as the report words it, and an address the public audit refuses. */
export const endedCheckWords = checkWords({
  en: {
    couldNotFetch: 'could not fetch: {url}: {reason}',
    refused: 'could not fetch: refused {url}: {reason}',
    stopped: 'the check stopped: {problem}',
    servePublicly: 'Serve the document from a public address on port 80 or 443.',
    answerInLimits: 'Make the document answer within the time and size limits.',
    notAuditedHere: 'is not audited here: refused {url}: {reason}',
  },
  de: {
    couldNotFetch: 'konnte nicht geladen werden: {url}: {reason}',
    refused: 'konnte nicht geladen werden, abgelehnt: {url}: {reason}',
    stopped: 'die Prüfung brach ab: {problem}',
    servePublicly: 'Liefern Sie das Dokument von einer öffentlichen Adresse auf Port 80 oder 443 aus.',
    answerInLimits: 'Sorgen Sie dafür, dass das Dokument innerhalb der Zeit- und Größengrenzen antwortet.',
    notAuditedHere: 'wird hier nicht geprüft, abgelehnt: {url}: {reason}',
  },
});
