// WebMCP's declarative form tools: the attributes that turn a plain HTML form into a tool a browser
// agent can call (toolname, tooldescription, toolparamdescription), with no JavaScript on the page.
// The browser builds each tool's input schema from the form's controls; descriptions live here once.
import type { ContactDetails } from '../../domain/content/types.ts';
import { contactEnquiryFields, type EnquiryTopic } from '../../domain/enquiries/schema.ts';
import { html, type Html } from '../../html/template.ts';

export interface FormTool {
  name: string;
  description: string;
  /** Lets the agent submit without the person checking the form first (safe, read-only actions only). */
  autoSubmit: boolean;
}

/** How the tool's description names each topic, in its order; the offer's topic says its label. */
const topicPhrases: [EnquiryTopic, (label: string) => string][] = [
  ['general', () => 'a question'],
  ['services', () => 'a services enquiry'],
  ['assessment', (label) => `a ${label} request`],
  ['partnership', () => 'a partnership'],
  ['press', () => 'press'],
  ['careers', () => 'careers'],
];

/** The contact form, offering the content's topics: the person checks what the agent filled in and sends it themselves. */
export function enquiryFormTool(topics: ContactDetails['topics']): FormTool {
  const kinds = topicPhrases.flatMap(([id, phrase]) => {
    const topic = topics.find((t) => t.id === id);
    return topic ? [phrase(topic.label)] : [];
  });
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}` : kinds.join('');
  return {
    name: 'send_enquiry',
    description: `Send the agency an enquiry: ${list}. The agency replies by e-mail.`,
    autoSubmit: false,
  };
}

/** The site search (GET /search): read-only, so the agent may submit it on its own. */
export const searchFormTool: FormTool = {
  name: 'search_site',
  description:
    'Search every page and case study of this site by keywords; opens a results page listing the best matches with links.',
  autoSubmit: true,
};

/** The case-study filter (GET /case-studies): read-only, so the agent may submit it on its own. */
export const caseStudyFilterTool: FormTool = {
  name: 'filter_case_studies',
  description:
    'List the case studies of one industry and/or one service; opens the filtered case-study index with the count of matches and links to each study.',
  autoSubmit: true,
};

/** The audit form (POST /audit): it reaches another site and keeps a report, so the person sends it. */
export const auditFormTool: FormTool = {
  name: 'audit_site',
  description:
    'Audit how ready a public website is for AI agents; opens the report with a level 0-5, a score and a fix for every failing check.',
  autoSubmit: false,
};

export const filterDescriptions = {
  industry: 'Industry of the clients to show (leave empty for all industries).',
  service: 'Service the case studies must have used (leave empty for all services).',
} as const;

export const searchQueryDescription = 'Keywords to search for, e.g. a service, an industry or a marketing problem.';

/** The attributes that declare a form as a WebMCP tool. */
export function formToolAttributes(tool: FormTool): Html {
  return html` toolname="${tool.name}" tooldescription="${tool.description}"${tool.autoSubmit ? html` toolautosubmit` : ''}`;
}

/** A form control's parameter description, from the enquiry schema's own field descriptions. */
export function enquiryParamAttribute(field: keyof typeof contactEnquiryFields): Html {
  return paramAttribute(contactEnquiryFields[field].description ?? field);
}

export function paramAttribute(description: string): Html {
  return html` toolparamdescription="${description}"`;
}
