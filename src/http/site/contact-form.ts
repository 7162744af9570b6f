// The contact page's no-JavaScript enquiry form (POST /api/contact) and the result page that the
// form handler (REST side) renders with renderContactResult.
import type { FieldError } from '../../domain/errors.ts';
import { contactEnquiryFields, enquiryTopics } from '../../domain/enquiries/schema.ts';
import { escapeHtml } from './html.ts';
import type { SiteDeps } from './deps.ts';
import { layout } from './layout.ts';
import { enquiryFormTool, enquiryParamAttribute, formToolAttributes } from './webmcp.ts';

export interface ContactFormValues {
  fromName?: string;
  fromEmail?: string;
  organization?: string;
  topic?: string;
  message?: string;
}

// Field bounds come from the one enquiry schema, so the form's hints match what the server checks.
const f = contactEnquiryFields;
const limits = {
  name: f.fromName.maxLength ?? 100,
  email: f.fromEmail.maxLength ?? 254,
  organization: f.organization.unwrap().maxLength ?? 100,
  messageMin: f.message.minLength ?? 10,
  messageMax: f.message.maxLength ?? 2000,
};

const topicLabels: Record<string, string> = {
  general: 'General question', services: 'Our services', assessment: 'Pipeline Readiness Assessment',
  partnership: 'Partnership', press: 'Press', careers: 'Careers',
};

/** The form, optionally refilled with submitted values and per-field errors. */
export function renderContactForm(values: ContactFormValues = {}, errors: FieldError[] = []): string {
  const errorFor = (field: string): string | undefined => errors.find((e) => e.field === field)?.message;
  const field = (name: keyof ContactFormValues, label: string, input: string, hint = ''): string => {
    const error = errorFor(name);
    return `<div><label for="${name}">${label}${hint ? ` <span class="hint">${hint}</span>` : ''}</label>${input.replace('/>', `${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>`)}${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}</div>`;
  };
  const value = (name: keyof ContactFormValues): string => escapeHtml(values[name] ?? '');
  const selected = values.topic ?? 'general';
  const options = ['general', ...enquiryTopics.filter((t) => t !== 'general')]
    .map((topic) => `<option value="${topic}"${topic === selected ? ' selected' : ''}>${topicLabels[topic] ?? topic}</option>`).join('');
  const formErrors = errors.filter((e) => !['fromName', 'fromEmail', 'organization', 'topic', 'message'].includes(e.field));
  return `<form class="enquiry" method="post" action="/api/contact" accept-charset="utf-8"${formToolAttributes(enquiryFormTool)}>
${formErrors.length ? `<div class="notice bad" role="alert">${formErrors.map((e) => `<p>${escapeHtml(e.message)}</p>`).join('')}</div>` : ''}
${field('fromName', 'Your name', `<input id="fromName" name="fromName"${enquiryParamAttribute('fromName')} autocomplete="name" required maxlength="${limits.name}" value="${value('fromName')}"/>`)}
${field('fromEmail', 'Work e-mail', `<input id="fromEmail" name="fromEmail"${enquiryParamAttribute('fromEmail')} type="email" autocomplete="email" required maxlength="${limits.email}" value="${value('fromEmail')}"/>`)}
${field('organization', 'Company', `<input id="organization" name="organization"${enquiryParamAttribute('organization')} autocomplete="organization" maxlength="${limits.organization}" value="${value('organization')}"/>`, '(optional)')}
${field('topic', 'Topic', `<select id="topic" name="topic"${enquiryParamAttribute('topic')}/>${options}</select>`)}
${field('message', 'Message', `<textarea id="message" name="message"${enquiryParamAttribute('message')} required minlength="${limits.messageMin}" maxlength="${limits.messageMax}"/>${value('message')}</textarea>`, `(${limits.messageMin} to ${limits.messageMax.toLocaleString('en-GB')} characters)`)}
<button type="submit">Send enquiry</button>
</form>`;
}

export type ContactResult =
  | { kind: 'accepted'; reference: string }
  | { kind: 'invalid'; errors: FieldError[]; values: ContactFormValues }
  | { kind: 'rate_limited'; retryAfter: number }
  | { kind: 'error'; message?: string };

/**
 * A complete HTML page answering a form post. The caller picks the HTTP status (202/400/429/5xx)
 * and sends it with `Content-Type: text/html; charset=utf-8`.
 */
export function renderContactResult(deps: Pick<SiteDeps, 'config' | 'content'>, result: ContactResult): string {
  const { content, config } = deps;
  let title = 'Enquiry sent';
  let main: string;
  if (result.kind === 'accepted') {
    main = `<h1>Thank you, we have your enquiry</h1><div class="notice ok" role="status"><p>Your reference is <strong>${escapeHtml(result.reference)}</strong>. ${escapeHtml(content.contact.responseTime)}</p></div><p><a href="/">Back to the home page</a> · <a href="/case-studies">Read our case studies</a></p>`;
  } else if (result.kind === 'invalid') {
    title = 'Please check your enquiry';
    main = `<h1>Please check your enquiry</h1><div class="notice bad" role="alert"><p>Some fields need attention; see the messages below.</p></div>${renderContactForm(result.values, result.errors)}`;
  } else if (result.kind === 'rate_limited') {
    title = 'Too many enquiries';
    main = `<h1>Too many enquiries</h1><div class="notice bad" role="alert"><p>We have received several enquiries from your network in a short time. Please try again in ${Math.max(1, Math.ceil(result.retryAfter / 60))} minute(s), or e-mail <a href="mailto:${escapeHtml(content.contact.email)}">${escapeHtml(content.contact.email)}</a>.</p></div>`;
  } else {
    title = 'Enquiry not sent';
    main = `<h1>Sorry, your enquiry was not sent</h1><div class="notice bad" role="alert"><p>${escapeHtml(result.message ?? 'Something went wrong on our side.')} Please try again later or e-mail <a href="mailto:${escapeHtml(content.contact.email)}">${escapeHtml(content.contact.email)}</a>.</p></div>`;
  }
  return layout({
    brandName: content.site.brandName, sample: content.site.sample, title: `${title} · ${content.site.brandName}`,
    description: title, canonical: `${config.baseUrl}/contact`, path: '/contact', main,
  });
}
