// The edge-access check's findings and fixes. Each blocked agent is named with how its request was
// answered, one `select` on `answer`: a status, a challenge page (whose, when it says), another page
// than a browser's, or no answer.
import { checkWords } from './check-words.ts';

export const edgeAccessWords = checkWords({
  en: {
    agent:
      '{name} ({answer, select, status {{status}} challenge {{vendor, select, none {challenge page} other {{vendor} challenge}}} different {another page} other {no answer}})',
    browserBlocked:
      "a browser''s request {answer, select, status {answers {status}} challenge {gets a {vendor, select, none {challenge page} other {{vendor} challenge}}} other {gets no answer}}, so the audit cannot tell which agents the edge lets in",
    sameForAll: 'every AI agent and crawler asked ({count}) gets the page a browser gets',
    edgeOnly: 'blocked at the edge though robots.txt lets them in: {agents}',
    robotsToo: 'blocked at the edge as robots.txt asks: {agents}',
    blocked: 'blocked: {names}',
    fixEdge:
      'Let the agents robots.txt lets in past your CDN or firewall: allow AI agents and crawlers in its bot settings (on Cloudflare, AI Crawl Control), or verify them by Web Bot Auth instead of refusing their User-Agent.',
    fixRobots:
      'Your edge refuses only agents robots.txt shuts out: they get an error instead of a page. To let one in, change robots.txt and the CDN or firewall rule together.',
    fixBrowser:
      'Make sure the CDN or firewall answers a plain request for the home page with the page, not a challenge: agents run no script and cannot pass one.',
  },
  de: {
    agent:
      '{name} ({answer, select, status {{status}} challenge {{vendor, select, none {Challenge-Seite} other {Challenge von {vendor}}}} different {eine andere Seite} other {keine Antwort}})',
    browserBlocked:
      'die Anfrage eines Browsers {answer, select, status {wird mit {status} beantwortet} challenge {bekommt {vendor, select, none {eine Challenge-Seite} other {eine Challenge von {vendor}}}} other {bekommt keine Antwort}}; welche Agenten CDN oder Firewall durchlassen, kann das Audit daher nicht sagen',
    sameForAll: 'jeder abgefragte KI-Agent und Crawler ({count}) bekommt die Seite, die ein Browser bekommt',
    edgeOnly: 'von CDN oder Firewall blockiert, obwohl robots.txt sie zulässt: {agents}',
    robotsToo: 'von CDN oder Firewall blockiert, wie robots.txt es verlangt: {agents}',
    blocked: 'blockiert: {names}',
    fixEdge:
      'Lassen Sie die Agenten, die robots.txt zulässt, auch durch Ihr CDN oder Ihre Firewall: Erlauben Sie KI-Agenten und Crawler in deren Bot-Einstellungen (bei Cloudflare: AI Crawl Control), oder prüfen Sie sie per Web Bot Auth, statt ihren User-Agent abzuweisen.',
    fixRobots:
      'Ihr CDN oder Ihre Firewall weist nur Agenten ab, die robots.txt aussperrt: Sie bekommen einen Fehler statt einer Seite. Um einen zuzulassen, ändern Sie robots.txt und die Regel des CDN oder der Firewall gemeinsam.',
    fixBrowser:
      'Sorgen Sie dafür, dass CDN oder Firewall eine einfache Anfrage der Startseite mit der Seite beantworten, nicht mit einer Challenge: Agenten führen kein Skript aus und bestehen keine.',
  },
});
