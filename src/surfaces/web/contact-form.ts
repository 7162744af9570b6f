// The contact page's no-JavaScript enquiry form (POST /api/contact) and the pages that answer a post:
// the form again with what the person typed and an error summary, or the thank-you page.
import type { FieldError } from '../../kernel/errors.ts';
import { contactEnquiryFields } from '../../domain/enquiries/schema.ts';
import { describeWait } from '../../domain/limit-wording.ts';
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

const labels: Record<FormField, string> = {
  fromName: 'Your name',
  fromEmail: 'Work e-mail',
  organization: 'Company',
  topic: 'Topic',
  message: 'Message',
};

const isFormField = (field: string): field is FormField => Object.hasOwn(labels, field);

/** A field error as a sentence for people: "Your name must not be empty". */
function sentence(error: FieldError): string {
  if (isFormField(error.field)) return `${labels[error.field]} ${error.message}.`;
  if (error.field === 'body') return `The form ${error.message}.`;
  return `The form sent “${error.field}”, which ${error.message === 'is not a known field' ? 'is not one of its fields' : error.message}.`;
}

function errorSummary(problem: FormProblem): Html {
  const errors = problem.errors ?? [];
  const items = errors.map((error) => {
    const text = sentence(error);
    return html`<li>${isFormField(error.field) ? html`<a href="#${error.field}">${text}</a>` : text}</li>`;
  });
  const summary = problem.summary ? html`\n<p>${problem.summary}</p>` : '';
  const list = items.length ? html`\n<ul>${items}</ul>` : '';
  return html`<div class="notice bad error-summary" id="errors" tabindex="-1" autofocus role="alert" aria-labelledby="errors-title">
<h2 id="errors-title">There is a problem</h2>${summary}${list}
</div>`;
}

/** The form with the content's topics, optionally refilled with submitted values and headed by an error summary. */
export function renderContactForm(
  deps: Pick<SiteDeps, 'content' | 'catalog'>,
  values: ContactFormValues = {},
  problem?: FormProblem,
): Html {
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
    const message = error ? html`<p class="error" id="${name}-error">${sentence(error)}</p>` : '';
    const label = html`<label for="${name}">${labels[name]}${hintSpan}</label>`;
    return html`<div class="field${error ? ' field-invalid' : ''}">${label}${message}${control(attributes)}</div>`;
  };
  const value = (name: FormField): string => values[name] ?? '';
  const selected = values.topic ?? 'general';
  const options = [...topics.filter((t) => t.id === 'general'), ...topics.filter((t) => t.id !== 'general')].map(
    (topic) => html`<option value="${topic.id}"${topic.id === selected ? html` selected` : ''}>${topic.label}</option>`,
  );
  const { name, email, organization, messageMin, messageMax } = limits;
  const messageHint = `(${messageMin} to ${messageMax.toLocaleString('en-GB')} characters)`;
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
      '(optional)',
    ),
    field('topic', (a) => html`<select ${a}>${options}</select>`),
    field(
      'message',
      (a) =>
        html`<textarea ${a} required minlength="${messageMin}" maxlength="${messageMax}">${value('message')}</textarea>`,
      messageHint,
    ),
  ];
  const summary = problem ? html`${errorSummary(problem)}\n` : '';
  return html`${summary}<form class="enquiry" method="post" action="${contactFormAction}" accept-charset="utf-8"${tool.attributes}>
${fields.map((control) => html`${control}\n`)}<button type="submit">Send enquiry</button>
</form>`;
}

const tooMany = 'We have received several enquiries from your network in a short time, so this one was not sent.';
const notRecorded =
  'Something went wrong on our side, so your enquiry was not recorded. Please try again in a few minutes.';

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
  const email = content.contact.email;
  const mailto = html`<a href="mailto:${email}">${email}</a>`;
  let title: string;
  let main: Html;
  if (result.kind === 'accepted') {
    title = 'Thank you, we have your enquiry';
    const reference = html`<p>Your reference is <strong>${result.reference}</strong>. ${content.contact.responseTime}</p>`;
    main = concatHtml(
      html`<h1 id="thanks" tabindex="-1">${title}</h1><div class="notice ok" role="status">${reference}</div>`,
      html`<p><a href="/">Back to the home page</a> · <a href="/case-studies">Read our case studies</a></p>`,
    );
  } else if (result.kind === 'cross_site') {
    title = 'Enquiry not sent';
    const own = html`This form can only be sent from our own <a href="/contact">contact page</a>.`;
    main = html`<h1>${title}</h1><div class="notice bad" role="alert"><p>${own} Nothing was sent. You can also e-mail ${mailto}.</p></div>`;
  } else {
    const [heading, problem, values] =
      result.kind === 'invalid'
        ? ['Please check your enquiry', { errors: result.errors }, result.values]
        : result.kind === 'rate_limited'
          ? [
              'Too many enquiries',
              {
                summary: html`${tooMany} Please try again in ${describeWait(result.retryAfter)}, or e-mail ${mailto}.`,
              },
              result.values,
            ]
          : [
              'Sorry, your enquiry was not sent',
              {
                summary: html`${result.message ?? notRecorded} You can also e-mail ${mailto}.`,
              },
              result.values,
            ];
    title = `Error: ${heading}`;
    main = html`<h1>${heading}</h1>${renderContactForm(deps, values ?? {}, problem)}`;
  }
  return layout({
    content,
    catalog: deps.catalog,
    title: `${title} · ${content.site.brandName}`,
    description: title,
    canonical: `${config.baseUrl}/contact`,
    path: '/contact',
    main,
  });
}
