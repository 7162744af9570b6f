// What an import never takes as the site's content: legal and utility pages as services or case
// studies (an Impressum, a privacy policy, a "Service Agreement" under /services, the contact and
// careers pages), and the text of widgets laid over a page (chat bubbles, cookie banners, dialogs),
// whose greeting is no value proposition.

/** Legal pages, by a word of their address or title. */
const legal =
  /\b(?:impressum|imprint|datenschutz\w*|privacy|terms|agb|conditions|legal|agreements?|vertrag|vertraege|cookies?|disclaimer|gdpr|dsgvo|nutzungsbedingungen|haftungsausschluss|widerruf\w*|accessibility|barrierefreiheit)\b/i;
/** Utility pages, by a word of their address (a title such as "Contact our team" says less). */
const utility = /\b(?:contact|kontakt\w*|careers?|jobs?|karriere|stellen\w*|sitemap|login|anmelden|search|suche)\b/i;

/** Whether a page is a legal or utility page: never a service or a case study. */
export function isUtilityPage(url: URL, title: string): boolean {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '').replace(/[_.]/g, '-');
  return legal.test(last) || utility.test(last) || legal.test(title);
}

/** Whether a name found as a service (JSON-LD, an overview's card) names a legal page instead. */
export function isLegalName(name: string): boolean {
  return legal.test(name);
}

/** Class and id words of what lies over a page rather than in it. */
const widget =
  /(?:^|[\s_-])(?:cookies?|consent|cookiebanner|gdpr|dsgvo|chat|chatbot|livechat|messenger|intercom|drift|tawk|crisp|zendesk|modal|popup|pop-up|dialog|toast|lightbox)(?:$|[\s_-])/i;
const dialogs = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true]';

interface Node {
  tagName: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  remove(): void;
}

/** Removes widgets, banners and dialogs from `document` (never an element holding the page's main content). */
export function removeOverlays(document: { querySelectorAll(selector: string): Iterable<Node> }): void {
  for (const element of document.querySelectorAll(dialogs)) element.remove();
  for (const element of document.querySelectorAll('[class], [id]')) {
    if (/^(?:HTML|BODY|MAIN|ARTICLE)$/i.test(element.tagName) || element.querySelector('main, article, h1')) continue;
    if (widget.test(`${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`)) element.remove();
  }
}
