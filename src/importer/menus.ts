// The site's own menus, read before the chrome is stripped: its main navigation (top-level items
// only, a dropdown's entries are its pages, not the menu) and the links of its footer (Impressum,
// Datenschutz). A language switcher is no menu item: its links name another language (hreflang, lang).
// plan-structure.ts turns them into site.yaml `navigation` and `footer`.

export interface MenuLink {
  label: string;
  url: URL;
}

export interface Menus {
  navigation: MenuLink[];
  footer: MenuLink[];
}

/** Enough of a DOM element for reading menus (linkedom's). */
interface Element {
  querySelectorAll(selector: string): Iterable<Element>;
  querySelector(selector: string): Element | null;
  getAttribute(name: string): string | null;
  closest(selector: string): Element | null;
  parentElement: Element | null;
  tagName: string;
  textContent: string | null;
}

/** Where the main navigation is, best first: a header without a nav element is one too. */
const navigationRoots = ['nav, [role=navigation]', 'header'];
/** Longer than this, a link's words are a sentence, not a menu item. */
const maxLabel = 40;

export function readMenus(document: Element, base: URL): Menus {
  const main = navigationRoots
    .flatMap((selector) => [...document.querySelectorAll(selector)])
    .find((root) => !root.closest('footer, [role=contentinfo]') && links(root, base).length >= 2);
  const footer = document.querySelector('footer, [role=contentinfo]');
  return {
    navigation: main
      ? links(main, base)
          .filter(({ element }) => topLevel(element, main))
          .map(({ link }) => link)
      : [],
    footer: footer ? links(footer, base).map(({ link }) => link) : [],
  };
}

function links(root: Element, base: URL): { element: Element; link: MenuLink }[] {
  const found: { element: Element; link: MenuLink }[] = [];
  const seen = new Set<string>();
  for (const element of root.querySelectorAll('a[href]')) {
    const href = element.getAttribute('href')!.trim();
    // A dropdown's caret ("Leistungen ▾") is drawn for the eye, not part of the item's name.
    const label = (element.textContent ?? '')
      .replace(/\s+/g, ' ')
      .replace(/[\s▾▼⌄▴▲]+$/u, '')
      .trim();
    if (!label || label.length > maxLabel || href.startsWith('#') || !URL.canParse(href, base.href)) continue;
    if (element.getAttribute('hreflang') !== null || element.getAttribute('lang') !== null) continue;
    const url = new URL(href, base);
    url.hash = '';
    if (url.origin !== base.origin || seen.has(url.href)) continue;
    seen.add(url.href);
    found.push({ element, link: { label, url } });
  }
  return found;
}

/** Where a dropdown's entries sit: a submenu, or a `.dropdown` that is the list itself, not its item. */
const submenu = /(?:^|\s)(?:dropdown-menu|dropdown-content|sub-menu|submenu|mega-menu)(?:\s|$)/;

/**
 * In no list item's nested list (a dropdown's entries sit two list items deep) and in no submenu: a
 * `.dropdown-menu`, a `role=menu`, or a `.dropdown` without its own toggle (Bootstrap's `.dropdown` is
 * the item holding the toggle and its menu; elsewhere it is the menu).
 */
function topLevel(element: Element, root: Element): boolean {
  let items = 0;
  for (let at = element.parentElement; at && at !== root; at = at.parentElement) {
    if (at.tagName === 'LI') items += 1;
    const classes = at.getAttribute('class') ?? '';
    if (submenu.test(classes) || at.getAttribute('role') === 'menu') return false;
    if (/(?:^|\s)dropdown(?:\s|$)/.test(classes) && !at.querySelector('.dropdown-toggle, [aria-haspopup]'))
      return false;
  }
  return items <= 1;
}
