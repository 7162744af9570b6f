// The sentences of the answers agents read, in German: the same keys as answers-en.ts.
import type { answersEn } from './answers-en.ts';

export const answersDe: Record<keyof typeof answersEn, string> = {
  'answers.result': '- **{name}**{facts}: {description} {url} (Markdown: {markdownUrl})',
  'answers.source': 'Quelle: {url}',
  'answers.enquire': 'Für eine Anfrage, mit Zustimmung des Nutzers: POST {api} oder das Formular unter {url}.',
  'answers.heading': '{brand}: Antworten auf „{query}“',
  'answers.more': '## Für mehr einen Datenteil {shape} senden',
  'answers.next': '- {skill} für {purpose}, z. B. {example}',
  'answers.next.page': 'eine der Seiten oben als Markdown',
  'answers.next.caseStudies': 'weitere Referenzen',
  'answers.next.services': 'die Leistungen, die zu einer Aufgabe passen',
  'answers.next.siteIndex': 'alle Seiten der Website',
  'answers.next.enquiry': 'eine Anfrage an die Agentur (mit Zustimmung des Nutzers)',
  'answers.match.found':
    '{count, plural, one {# Leistung passt} other {# Leistungen passen}} zu dieser Aufgabe, die beste zuerst.',
  'answers.match.none': 'Keine Leistung passt eindeutig zu dieser Aufgabe. {start}',
  'answers.match.startOffer': 'Der übliche Einstieg: {offer} ({path}).',
  'answers.match.startContact': 'Fragen Sie am besten über die Kontaktseite (/contact).',
  'answers.match.keywords': ' Treffer: {keywords}.',
  'answers.match.caseStudies': ' Referenzen: {slugs}.',
  'answers.value.helpsWith': 'Wie {brand} hilft bei: {topic}',
  'answers.value.helps': 'Wie {brand} hilft',
  'answers.value.services': 'Leistungen:',
  'answers.value.proofPoints': 'Belege:',
  'answers.value.reasons': 'Gründe:',
  'answers.why.heading': 'Warum Kunden {brand} wählen{topic}:',
  'answers.why.topics': 'Themen: {topics}',
  'answers.search.count': '{total} {count, plural, one {Referenz} other {Referenzen}}; gezeigt: {shown}.',
  'answers.search.countFor':
    '{total} {count, plural, one {Referenz passt} other {Referenzen passen}} zu „{query}“; gezeigt: {shown}.',
  'answers.nlweb.enquiryAction': 'Eine Anfrage an {brand} senden, mit Zustimmung des Nutzers.',
  'answers.nlweb.invalid': 'Die Anfrage ist ungültig: {detail}.',
  'answers.nlweb.method': '{method} wird hier nicht unterstützt; bitte GET oder POST verwenden.',
  'answers.nlweb.tooLarge': 'Der Inhalt der Anfrage ist größer als {size}.',
  'answers.nlweb.mediaType': 'Dieser Content-Type wird nicht angenommen; bitte den Inhalt als application/json senden.',
  'answers.nlweb.rateLimited': 'Zu viele Anfragen von diesem Client. Erneut versuchen in {seconds} Sekunden.',
  'answers.nlweb.fault': 'Interner Fehler; Einzelheiten werden hier nicht gezeigt. Bitte später erneut versuchen.',
  'answers.problem.unknownField': 'ist kein bekanntes Feld',
  'answers.problem.unreadable': 'konnte nicht gelesen werden',
  'answers.problem.atLeast': 'muss mindestens {min} sein',
  'answers.problem.type': 'muss {expected} sein, {actual}',
  'answers.type':
    '{type, select, string {eine Zeichenkette} number {eine Zahl} integer {eine ganze Zahl} boolean {ein Wahrheitswert} object {ein Objekt} array {eine Liste} other {null}}',
  'answers.typeNot':
    '{type, select, string {keine Zeichenkette} number {keine Zahl} integer {keine ganze Zahl} boolean {kein Wahrheitswert} object {kein Objekt} array {keine Liste} other {nicht null}}',
};
