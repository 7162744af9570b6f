// What the pages say about the agency itself: name, logo, e-mail, telephone, address and social
// links from schema.org JSON-LD (Organization and its subtypes), then mailto:/tel: links, then the
// text of the contact page, then the page head (og:site_name, the home page's title). Each fact
// keeps where it came from, for the summary.
import { isPublishableHref } from '../domain/content/link-schemes.ts';
import type { PageFacts } from './extract.ts';

export interface Found<T> {
  value: T;
  from: string;
}

export interface Agency {
  name?: Found<string>;
  logo?: Found<string>;
  email?: Found<string>;
  phone?: Found<string>;
  address?: Found<{ street: string; city: string; postcode?: string; country: string }>;
  social: { label: string; url: string }[];
  description?: Found<string>;
}

export interface SeenPage {
  url: URL;
  /** The page's address on the origin, e.g. /contact.html. */
  source: string;
  facts: PageFacts;
  isHome: boolean;
  isContact: boolean;
}

const organisationTypes =
  /^(?:Organization|Corporation|LocalBusiness|ProfessionalService|OnlineBusiness|NGO|MarketingAgency|AdvertisingAgency|EmploymentAgency|TravelAgency|InsuranceAgency|RealEstateAgent|LegalService|FinancialService|Store)$/;
const email = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
/** A run of digits with the usual separators, at least 7 digits: a telephone number in text. */
const phone = /(?:\+|\(\d)[\d\s()./-]{6,}\d|\b\d[\d\s()./-]{6,}\d/;

export function recogniseAgency(pages: SeenPage[]): Agency {
  const agency: Agency = { social: [] };
  for (const page of [...pages].sort((a, b) => Number(b.isHome) - Number(a.isHome))) {
    for (const node of jsonLdNodes(page.facts.jsonLd)) {
      if (!types(node).some((type) => organisationTypes.test(type))) continue;
      const from = `JSON-LD ${types(node)[0]} on ${page.source}`;
      const set = <K extends keyof Agency>(key: K, value: Agency[K] | undefined): void => {
        if (value !== undefined && agency[key] === undefined) agency[key] = value;
      };
      set('name', text(node.name) ? { value: text(node.name)!, from } : undefined);
      const logo = text(node.logo) ?? text((node.logo as Record<string, unknown> | undefined)?.url);
      set(
        'logo',
        logo && URL.canParse(logo, page.url.href) ? { value: new URL(logo, page.url).href, from } : undefined,
      );
      const mail = text(node.email)?.replace(/^mailto:/i, '');
      set('email', mail && email.test(mail) ? { value: mail, from } : undefined);
      set('phone', text(node.telephone) ? { value: text(node.telephone)!, from } : undefined);
      set('description', text(node.description) ? { value: text(node.description)!, from } : undefined);
      const address = node.address as Record<string, unknown> | undefined;
      if (address && text(address.streetAddress) && text(address.addressLocality))
        set('address', {
          value: {
            street: text(address.streetAddress)!,
            city: text(address.addressLocality)!,
            ...(text(address.postalCode) && { postcode: text(address.postalCode)! }),
            country: text(address.addressCountry) ?? text((address.addressCountry as { name?: unknown })?.name) ?? '',
          },
          from,
        });
      const sameAs = ([] as unknown[]).concat(node.sameAs ?? []).filter((url) => typeof url === 'string');
      if (agency.social.length === 0)
        agency.social = (sameAs as string[])
          .filter((url) => /^https?:\/\//i.test(url.trim()) && URL.canParse(url) && isPublishableHref(url))
          .map((url) => ({ label: new URL(url).hostname.replace(/^www\./, ''), url }));
    }
  }
  if (agency.address && !agency.address.value.country) delete agency.address;
  agency.email ??= fromLinks(pages, (page) => page.facts.mailto.filter((m) => email.test(m)), 'a mailto: link');
  agency.phone ??= fromLinks(pages, (page) => page.facts.tel, 'a tel: link');
  const contactPages = pages.filter((page) => page.isContact);
  agency.email ??= inText(contactPages, email);
  agency.phone ??= inText(contactPages, phone);
  const home = pages.find((page) => page.isHome);
  if (!agency.name && home?.facts.siteName)
    agency.name = { value: home.facts.siteName, from: `og:site_name on ${home.source}` };
  const titled = home ?? pages[0];
  if (!agency.name && titled?.facts.title)
    agency.name = {
      value: siteNameOfTitles(
        titled.facts.title,
        pages.map((page) => page.facts.title),
      ),
      from: `the title of ${titled.source}`,
    };
  return agency;
}

const titleSeparator = /\s+[-|–—:·•]\s+/;

/** "Rappo - It solutions & Corporate template" → "Rappo": the part before the first separator. */
export function siteNameOfTitle(title: string): string {
  return title.split(titleSeparator)[0]!.trim();
}

/**
 * The site's name in the home page's title: the part of it that most pages' titles repeat, as the
 * brand is ("Scala consultancy - Underscore" at home, "Contact - Underscore" elsewhere), the first
 * part when the titles share none (or on a tie: "Modern Business - Start Bootstrap Template" everywhere).
 */
export function siteNameOfTitles(home: string, titles: (string | undefined)[]): string {
  const parts = home.split(titleSeparator).map((part) => part.trim());
  const repeats = (part: string): number =>
    titles.filter((title) => title?.split(titleSeparator).some((other) => other.trim() === part)).length;
  let best = parts[0]!;
  for (const part of parts.slice(1)) if (repeats(part) > Math.max(1, repeats(best))) best = part;
  return best;
}

export function jsonLdNodes(values: unknown[]): Record<string, unknown>[] {
  return values.flatMap((value) => {
    if (Array.isArray(value)) return jsonLdNodes(value);
    if (typeof value !== 'object' || value === null) return [];
    const node = value as Record<string, unknown>;
    return [node, ...jsonLdNodes(Array.isArray(node['@graph']) ? node['@graph'] : [])];
  });
}

export function types(node: Record<string, unknown>): string[] {
  return ([] as unknown[]).concat(node['@type'] ?? []).filter((type): type is string => typeof type === 'string');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The value most pages link to (the footer's address beats a one-off on a blog post). */
function fromLinks(pages: SeenPage[], values: (page: SeenPage) => string[], what: string): Found<string> | undefined {
  const count = new Map<string, { n: number; source: string }>();
  for (const page of pages)
    for (const value of new Set(
      values(page)
        .map((v) => v.trim())
        .filter(Boolean),
    ))
      count.set(value, { n: (count.get(value)?.n ?? 0) + 1, source: count.get(value)?.source ?? page.source });
  const best = [...count.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  return (
    best && { value: best[0], from: `${what} on ${best[1].source}${best[1].n > 1 ? ` and ${best[1].n - 1} more` : ''}` }
  );
}

/** A date (14.03.2025, 2025-03-14), years (2011-2024) or hours (9:00-17.00) look like a number, and are none. */
const notPhone = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^(?:19|20)\d\d\s*-\s*(?:19|20)\d\d$|:/;

/** Words that name a telephone number just before it ("Tel.", "Phone:", "Rufen Sie an"). */
const phoneLabel = /(?:tel|phone|fon|call|ruf|mobil|fax)/i;

/**
 * A number in running text is a telephone number when it is written as one (+49…, (555)…, 040…) or
 * a label names it: a postcode followed by a house number ("NY 11207, 28 2nd St") is none.
 */
function looksLikePhone(value: string, before: string): boolean {
  if (notPhone.test(value) || value.replace(/\D/g, '').length < 7) return false;
  return /^[+(0]/.test(value) || phoneLabel.test(before);
}

function inText(pages: SeenPage[], pattern: RegExp): Found<string> | undefined {
  const global = new RegExp(pattern.source, `${pattern.flags}g`);
  for (const page of pages) {
    for (const match of page.facts.text.matchAll(global)) {
      const value = match[0].trim();
      const before = page.facts.text.slice(Math.max(0, match.index - 30), match.index);
      if (pattern === phone && !looksLikePhone(value, before)) continue;
      return { value, from: `the text of ${page.source}` };
    }
  }
  return undefined;
}
