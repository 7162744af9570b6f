// The home page's markup as the WebMCP, JSON-LD, OAuth and canonical checks read it, parsed once per page by
// htmlparser2's streaming tokenizer: one linear pass with no tree kept, so a hostile page (a
// megabyte of unclosed `<form ` openers) costs what its length costs and nothing more. Only what
// the checks need is collected, each list bounded.
import { Parser } from 'htmlparser2';
import type { Fetched } from '../context.ts';

/** A form's opening-tag attributes and its fields' attributes (input, select, textarea). */
export interface FormMarkup {
  attrs: ReadonlyMap<string, string>;
  fields: ReadonlyMap<string, string>[];
}

export interface HomeMarkup {
  /** Every form, in page order (nested forms are not forms, as in a browser). */
  forms: FormMarkup[];
  /** The text of each `<script type="application/ld+json">`, in page order. */
  jsonLd: string[];
  /** The first `<link rel="canonical">`'s href, as written. */
  canonical?: string;
  /** Each `<link rel="describedby">`'s href, as written (an llms.txt among them, as llms.txt v2 advertises it). */
  describedBy: string[];
  /** Each `<meta name="robots">` (or a crawler's own, `name="googlebot"`): its name, lower case, and content. */
  robotsMeta: { name: string; content: string }[];
}

/** The most forms, fields of one form and JSON-LD blocks read: far above a real home page's. */
export const markupLimits = {
  forms: 100,
  fieldsPerForm: 200,
  jsonLdBlocks: 50,
  robotsMeta: 20,
  describedBy: 10,
} as const;

const fieldTags = new Set(['input', 'select', 'textarea']);
const parsed = new WeakMap<Fetched, HomeMarkup>();

/** The page's forms and JSON-LD, read once per fetched page. */
export function homeMarkup(page: Fetched): HomeMarkup {
  let markup = parsed.get(page);
  if (!markup) parsed.set(page, (markup = scan(page.text)));
  return markup;
}

function scan(text: string): HomeMarkup {
  const forms: FormMarkup[] = [];
  const jsonLd: string[] = [];
  let form: FormMarkup | undefined;
  let script: string[] | undefined;
  let canonical: string | undefined;
  const describedBy: string[] = [];
  const robotsMeta: HomeMarkup['robotsMeta'] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'form' && !form && forms.length < markupLimits.forms) {
          form = { attrs: new Map(Object.entries(attribs)), fields: [] };
          forms.push(form);
        } else if (fieldTags.has(name) && form && form.fields.length < markupLimits.fieldsPerForm) {
          form.fields.push(new Map(Object.entries(attribs)));
        } else if (name === 'script' && isJsonLd(attribs.type) && jsonLd.length < markupLimits.jsonLdBlocks) {
          script = [];
        } else if (name === 'link' && canonical === undefined && hasRelation(attribs.rel, 'canonical')) {
          canonical = attribs.href;
        } else if (
          name === 'link' &&
          hasRelation(attribs.rel, 'describedby') &&
          attribs.href !== undefined &&
          describedBy.length < markupLimits.describedBy
        ) {
          describedBy.push(attribs.href);
        } else if (name === 'meta' && isRobotsMeta(attribs.name) && robotsMeta.length < markupLimits.robotsMeta) {
          robotsMeta.push({ name: attribs.name!.trim().toLowerCase(), content: attribs.content ?? '' });
        }
      },
      ontext(data) {
        script?.push(data);
      },
      onclosetag(name) {
        if (name === 'form') form = undefined;
        if (name === 'script' && script) {
          jsonLd.push(script.join(''));
          script = undefined;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(text);
  return { forms, jsonLd, robotsMeta, describedBy, ...(canonical !== undefined && { canonical }) };
}

function hasRelation(rel: string | undefined, relation: string): boolean {
  return (rel ?? '').toLowerCase().split(/\s+/).includes(relation);
}

/** `robots`, or a crawler's own name (`googlebot`, `gptbot`): the meta names that carry robots directives. */
function isRobotsMeta(name: string | undefined): boolean {
  const lower = name?.trim().toLowerCase() ?? '';
  return lower === 'robots' || /^[a-z0-9-]*bot$/.test(lower);
}

function isJsonLd(type: string | undefined): boolean {
  return type?.trim().toLowerCase() === 'application/ld+json';
}
