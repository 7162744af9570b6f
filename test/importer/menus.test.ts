// The site's main menu as the import reads it: top-level items only, whatever markup the dropdowns use.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { parseHTML } from 'linkedom';
import { readMenus } from '../../src/importer/menus.ts';

const base = new URL('https://agency.example/');
const menu = (nav: string): string[] => {
  const { document } = parseHTML(`<html><body><header>${nav}</header><main><h1>Hi</h1></main></body></html>`);
  return readMenus(document as never, base).navigation.map((link) => `${link.label} ${link.url.pathname}`);
};

describe('the main menu of a site', () => {
  it('leaves out the entries of a dropdown that is a div of links, and the caret drawn after a label', () => {
    const nav = `<nav><div class="nav-item"><a href="/about/" aria-haspopup="true">Über uns <span class="caret">&#9662;</span></a>
      <div class="dropdown"><a href="/about/team.html">Team</a><a href="/about/jobs.html">Karriere</a></div></div>
      <div class="nav-item"><a href="/leistungen/">Leistungen ▾</a><div class="dropdown-content"><a href="/leistungen/a.html">A</a></div></div>
      <div class="nav-item"><a href="/kontakt/">Kontakt</a></div></nav>`;
    assert.deepEqual(menu(nav), ['Über uns /about/', 'Leistungen /leistungen/', 'Kontakt /kontakt/']);
  });

  it("keeps a Bootstrap dropdown's toggle and leaves out its menu", () => {
    const nav = `<nav><ul class="navbar-nav"><li class="nav-item"><a href="/">Home</a></li>
      <li class="nav-item dropdown"><a class="nav-link dropdown-toggle" href="/services">Services</a>
      <ul class="dropdown-menu"><li><a href="/services/seo">SEO</a></li></ul></li>
      <li class="nav-item"><a href="/contact">Contact</a></li></ul></nav>`;
    assert.deepEqual(menu(nav), ['Home /', 'Services /services', 'Contact /contact']);
  });
});
