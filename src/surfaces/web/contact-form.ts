// The contact page's no-JavaScript enquiry form (POST /api/contact) and the pages that answer a post:
// the form again with what the person typed and an error summary, or the thank-you page.
import type { FieldError } from '../../kernel/errors.ts';
import { contactEnquiryFields } from '../../domain/enquiries/schema.ts';
import type { UiText } from '../../domain/language/ui-text.ts';
import { richText } from './rich-text.ts';
import { fieldProblem } from './form/field-problems.ts';
import { waitInWords } from './limits-in-words.ts';
import { concatHtml, html, type Html } from '../../kernel/html-template.ts';
import type { SiteDeps } from './deps.ts';
import { layout } from './layout.ts';
import { enquiryFormTool } from './webmcp.ts';

export interface ContactFormValues {
  fromName?: string;
  fromEmail?: string;
  organization?: string;
  topic?: string;
  message?: string;
}

type FormField = keyof ContactFormValues;

/** What went wrong with a post: a sentence for the whole form and/or one entry per field. */
export interface FormProblem {
  summary?: Html;
  errors?: FieldError[];
}

/** Where the form posts: the fragment moves focus to the error summary of the answer, without JavaScript. */
export const contactFormAction = '/api/contact#errors';

// Field bounds come from the one enquiry schema, so the form's hints match what the server checks.
const f = contactEnquiryFields;
const limits = {
  name: f.fromName.maxLength ?? 100,
  email: f.fromEmail.maxLength ?? 254,
  organization: f.organization.unwrap().maxLength ?? 100,
  messageMin: f.message.minLength ?? 10,
  messageMax: f.message.maxLength ?? 2000,
};

const formFields: readonly FormField[] = ['fromName', 'fromEmail', 'organization', 'topic', 'message'];

const isFormField = (field: string): field is FormField => formFields.includes(field as FormField);

/** A field error as a sentence for people: "Your name must not be empty". */
function sentence(ui: UiText, error: FieldError): string {
  const message = fieldProblem(ui, error.message);
  if (isFormField(error.field)) return ui.text('form.fieldError', { label: ui.text(`form.${error.field}`), message });
  if (error.field === 'body') return ui.text('form.bodyError', { message });
  if (error.message === 'is not a known field') return ui.text('form.unknownField', { field: error.field });
  return ui.text('form.otherFieldError', { field: error.field, message });
}

function errorSummary(ui: UiText, problem: FormProblem): Html {
  const errors = problem.errors ?? [];
  const items = errors.map((error) => {
    const text = sentence(ui, error);
    return html`<li>${isFormField(error.field) ? html`<a href="#${error.field}">${text}</a>` : text}</li>`;
  });
  const summary = problem.summary ? html`\n<p>${problem.summary}</p>` : '';
  const list = items.length ? html`\n<ul>${items}</ul>` : '';
  return html`<div class="notice bad error-summary" id="errors" tabindex="-1" autofocus role="alert" aria-labelledby="errors-title">
<h2 id="errors-title">${ui.text('form.problem')}</h2>${summary}${list}
</div>`;
}

/** The form with the content's topics, optionally refilled with submitted values and headed by an error summary. */
export function renderContactForm(
  deps: Pick<SiteDeps, 'content' | 'catalog'>,
  values: ContactFormValues = {},
  problem?: FormProblem,
): Html {
  const { ui } = deps.content;
  const topics = deps.content.contact.topics;
  const tool = enquiryFormTool(deps);
  const errors = problem?.errors ?? [];
  const field = (name: FormField, control: (attributes: Html) => Html, hint = ''): Html => {
    const error = errors.find((e) => e.field === name);
    const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
    const attributes = html`id="${name}" name="${name}"${error ? html` aria-invalid="true"` : ''}${
      described ? html` aria-describedby="${described}"` : ''
    }${tool.param(name)}`;
    const hintSpan = hint ? html` <span class="hint" id="${name}-hint">${hint}</span>` : '';
    const message = error ? html`<p class="error" id="${name}-error">${sentence(ui, error)}</p>` : '';
    const label = html`<label for="${name}">${ui.text(`form.${name}`)}${hintSpan}</label>`;
    return html`<div class="field${error ? ' field-invalid' : ''}">${label}${message}${control(attributes)}</div>`;
  };
  const value = (name: FormField): string => values[name] ?? '';
  const selected = values.topic ?? 'general';
  const options = [...topics.filter((t) => t.id === 'general'), ...topics.filter((t) => t.id !== 'general')].map(
    (topic) => html`<option value="${topic.id}"${topic.id === selected ? html` selected` : ''}>${topic.label}</option>`,
  );
  const { name, email, organization, messageMin, messageMax } = limits;
  const messageHint = ui.text('form.messageHint', { min: messageMin, max: messageMax });
  const fields = [
    field(
      'fromName',
      (a) => html`<input ${a} autocomplete="name" required maxlength="${name}" value="${value('fromName')}">`,
    ),
    field(
      'fromEmail',
      (a) =>
        html`<input ${a} type="email" autocomplete="email" required maxlength="${email}" value="${value('fromEmail')}">`,
    ),
    field(
      'organization',
      (a) =>
        html`<input ${a} autocomplete="organization" maxlength="${organization}" value="${value('organization')}">`,
      ui.text('form.optional'),
    ),
    field('topic', (a) => html`<select ${a}>${options}</select>`),
    field(
      'message',
      (a) =>
        html`<textarea ${a} required minlength="${messageMin}" maxlength="${messageMax}">${value('message')}</textarea>`,
      messageHint,
    ),
  ];
  const summary = problem ? html`${errorSummary(ui, problem)}\n` : '';
  return html`${summary}<form class="enquiry" method="post" action="${contactFormAction}" accept-charset="utf-8"${tool.attributes}>
${fields.map((control) => html`${control}\n`)}<button type="submit">${ui.text('form.send')}</button>
</form>`;
}

export type ContactResult =
  | { kind: 'accepted'; reference: string }
  | { kind: 'invalid'; errors: FieldError[]; values: ContactFormValues }
  | { kind: 'rate_limited'; retryAfter: number; values?: ContactFormValues }
  | { kind: 'error'; message?: string; values?: ContactFormValues }
  | { kind: 'cross_site' };

/**
 * A complete HTML page answering a form post, or the thank-you page the post redirects to. The
 * caller picks the HTTP status and sends it with `Content-Type: text/html; charset=utf-8`.
 */
export function renderContactResult(
  deps: Pick<SiteDeps, 'config' | 'content' | 'catalog'>,
  result: ContactResult,
): string {
  const { content, config } = deps;
  const { ui } = content;
  const email = content.contact.email;
  // Without an address (a gap the import left) the contact page stands where the address would be.
  const mail = {
    mail: () =>
      email
        ? html`<a href="mailto:${email}">${email}</a>`
        : html`<a href="${content.site.paths.contact}">${config.baseUrl}${content.site.paths.contact}</a>`,
  };
  let title: string;
  let main: Html;
  if (result.kind === 'accepted') {
    title = ui.text('form.thanks');
    const strong = { strong: (words: Html) => html`<strong>${words}</strong>` };
    const values = { reference: result.reference, responseTime: content.contact.responseTime ?? '' };
    const reference = html`<p>${richText(ui, 'form.reference', values, strong)}</p>`;
    const home = html`<a href="/">${ui.text('form.backHome')}</a>`;
    main = concatHtml(
      html`<h1 id="thanks" tabindex="-1">${title}</h1><div class="notice ok" role="status">${reference}</div>`,
      html`<p>${home} · <a href="${content.site.paths.caseStudies}">${ui.text('form.readStudies')}</a></p>`,
    );
  } else if (result.kind === 'cross_site') {
    title = ui.text('form.notSent');
    const contact = { contact: (words: Html) => html`<a href="${content.site.paths.contact}">${words}</a>` };
    const own = richText(ui, 'form.crossSite', {}, { ...contact, ...mail });
    main = html`<h1>${title}</h1><div class="notice bad" role="alert"><p>${own}</p></div>`;
  } else {
    const [heading, problem, values] =
      result.kind === 'invalid'
        ? [ui.text('form.checkEnquiry'), { errors: result.errors }, result.values]
        : result.kind === 'rate_limited'
          ? [
              ui.text('form.tooManyTitle'),
              {
                summary: html`${ui.text('form.tooMany')} ${richText(ui, 'form.retryOrMail', { wait: waitInWords(ui, result.retryAfter) }, mail)}`,
              },
              result.values,
            ]
          : [
              ui.text('form.notSentTitle'),
              {
                summary: html`${result.message ?? ui.text('form.notRecorded')} ${email ? richText(ui, 'form.orMail', {}, mail) : ''}`,
              },
              result.values,
            ];
    title = ui.text('form.errorTitle', { heading });
    main = html`<h1>${heading}</h1>${renderContactForm(deps, values ?? {}, problem)}`;
  }
  return layout({
    content,
    catalog: deps.catalog,
    title: `${title} · ${content.site.brandName}`,
    description: title,
    canonical: `${config.baseUrl}${content.site.paths.contact}`,
    path: content.site.paths.contact,
    main,
  });
}
