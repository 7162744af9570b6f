// The contact page for people: a short promise, the form early (even on a phone), what happens next
// and the direct lines (tel: and mailto: links). The API route for agents lives on /developers.
import type { Page } from '../../domain/content/types.ts';
import { renderContactForm, type ContactFormValues } from './contact-form.ts';
import { markdownTitle, pageHead } from './components.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import type { SiteDeps } from './deps.ts';
import { richText } from './rich-text.ts';

/** "+44 20 7946 0321" → "tel:+442079460321". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

/** `values` prefill the form (a visit from an audit report, see contact-prefill.ts). */
export function contactMain(deps: Pick<SiteDeps, 'content' | 'catalog'>, page: Page, values?: ContactFormValues): Html {
  const { content } = deps;
  const { ui } = content;
  const c = content.contact;
  // The page's first paragraph speaks to people; the rest of its markdown (API routes, the
  // generated details) is for agents and is shown here as links instead.
  const lead = page.body
    .replace(/^# .*$/m, '')
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ');
  const steps = [c.responseTime, c.bookingNote, ui.text('contact.fitPromise')].filter((step): step is string =>
    Boolean(step),
  );
  const address = c.address
    ? [c.address.street, c.address.city, c.address.postcode, c.address.country]
        .filter((part): part is string => Boolean(part))
        .map((part, i) => html`${i > 0 ? html`<br>` : ''}${part}`)
    : [];
  const phone = c.phone
    ? html`<div><dt>${ui.text('contact.phone')}</dt><dd><a href="${telHref(c.phone)}">${c.phone}</a></dd></div>`
    : '';
  const hours = c.hours ? html`<div><dt>${ui.text('contact.hours')}</dt><dd>${c.hours}</dd></div>` : '';
  const office = address.length
    ? html`<div><dt>${ui.text('contact.office')}</dt><dd><address>${address}</address></dd></div>`
    : '';
  const social = c.social.map((link) => {
    const text = ui.text('contact.socialLink', { brand: content.site.brandName, network: link.label });
    return html`<div><dt>${link.label}</dt><dd><a href="${link.url}">${text}</a></dd></div>`;
  });
  const email = c.email
    ? html`<div><dt>${ui.text('contact.email')}</dt><dd><a href="mailto:${c.email}">${c.email}</a></dd></div>`
    : '';
  const direct = html`<dl class="direct">${email}${phone}${hours}${office}${social}</dl>`;
  const stepItems = steps.map((step) => html`<li>${step.replace(/\s+/g, ' ')}</li>`);
  const agents = richText(
    ui,
    'contact.agents',
    {},
    { developers: (words) => html`<a href="/developers">${words}</a>` },
  );
  const aside = concatHtml(
    html`<aside class="contact-aside" aria-label="${ui.text('contact.asideLabel')}">`,
    html`<div class="panel"><h2 id="next">${ui.text('contact.next')}</h2><ol class="steps">${stepItems}</ol></div>`,
    html`<div class="panel"><h2 id="direct">${ui.text('contact.direct')}</h2>${direct}</div>`,
    html`<p class="hint">${agents}</p></aside>`,
  );
  const title = markdownTitle(page.body, ui.text('contact.title'));
  const head = pageHead({ eyebrow: ui.text('nav.contact'), title, lead });
  const formTitle = html`<h2 id="form">${ui.text('contact.formTitle')}</h2>`;
  const form = html`<div class="form-card">${formTitle}${renderContactForm(deps, values)}</div>`;
  return concatHtml(
    head,
    html`<section class="band" aria-labelledby="form"><div class="wrap split contact-split">${form}${aside}</div></section>`,
  );
}
