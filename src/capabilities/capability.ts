// What the agency offers agents, declared once per capability: its name, wording, schemas, budget,
// authentication, hints and examples, and the handler every protocol binding (MCP, A2A, REST)
// calls. Bindings read these fields; none of them adds wording or rules of its own.
import type * as z from 'zod';
import type { AppError } from '../kernel/errors.ts';
import type { CallContext } from './call-context.ts';

/**
 * The rate-limit budget a call spends: `read` (the shared 300/min), `contact` (the enquiry budget,
 * spent by the enquiry path itself) or a budget of the capability's own name.
 */
export type Budget = 'read' | 'contact' | (string & {});

/** How a caller proves it may call: nobody needs to, or it sends `Authorization: Bearer <key>`. */
export type Authentication =
  | { scheme: 'none' }
  | {
      scheme: 'bearer';
      /** Whether the Authorization header value carries an accepted key (constant time). */
      accepts(authorization: string | undefined): boolean;
      /** What a refused caller reads: how to get a key, and what to use without one. */
      refusal(keySent: boolean): string;
    };

/** What a call does to the world; the MCP tool annotations are these four. */
export interface Hints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  /** Reaches beyond this site (CRM, e-mail). */
  openWorld: boolean;
}

/** A request header a REST operation reads: published in the contract, read before the call. */
export interface RouteHeader {
  /** As published, e.g. "Idempotency-Key". */
  name: string;
  description: string;
  /** What the contract shows of its value. */
  schema: z.ZodType;
  /** The value as sent (undefined when absent) as the input mapping gets it; throws AppError invalid_request naming the header. */
  read(sent: string | string[] | undefined): string | undefined;
}

/** A REST answer's header, by name (one the contract describes), and its value from the call's result; undefined leaves it out. */
export type RouteResponseHeaders = Readonly<Record<string, (result: CapabilityResult) => string | undefined>>;

/**
 * The REST operation a capability is also served as: one declaration that the router, the OpenAPI
 * contract and request validation all read. Without the optional parts the request is the
 * capability's input (a GET's query strings, a POST's JSON body) and the answer a 200 with its
 * structured output, listed under "Capabilities" by the capability's own key, title and description.
 */
export interface Route {
  method: 'GET' | 'POST';
  /** Under the REST API's base, e.g. "/capabilities/echo". */
  path: string;
  /** How the contract names, sums up, describes and files the operation. */
  contract?: { operationId: string; summary: string; description: string; tag: string };
  /** The request as published, validated (with the headers) before the call: a POST's body, a GET's query. */
  request?: { schema: z.ZodObject; description: string };
  /** Request headers it reads; every failing header and field is reported in one 400. */
  headers?: readonly RouteHeader[];
  /** The capability's input, as sent, from the request as sent and the headers read (by name); by default the request. */
  input?(request: unknown, headers: Readonly<Record<string, string | undefined>>): unknown;
  /** The answer to a successful call. */
  success?: {
    status: number;
    description: string;
    /** The published body, parsed from the structured output (so it keeps the keys it names, in its order). */
    body: z.ZodType;
    headers?: RouteResponseHeaders;
  };
  /** Error statuses the operation can answer with besides 405, 429 and 500 (which all can). */
  errors?: readonly number[];
  /** A refusal as REST answers it, where that differs from what agents are told. */
  refusal?(error: AppError): AppError;
}

/**
 * How a call is also an ask (a search or a question) for agent insight: its query text and how many
 * results it found. A call that sends no query text counts as a visit only.
 */
export interface AskReading<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** The input holding the query text, as the caller sent it. */
  query: keyof z.input<I> & string;
  /** How many results the structured output holds. */
  results(output: z.input<O>): number;
  /** Whether the output says the query is outside the agency's fit; without it, insight's own fit check decides. */
  outOfFit?(output: z.input<O>): boolean;
  /**
   * The ask's source after the binding's name ("search" is recorded as "mcp-search"): stored and shown
   * on the dashboard, so it never changes once recorded. Without it, the capability's name.
   */
  source?: string;
}

/** A successful call: structured output (valid for the output schema) and a markdown rendering. */
export interface CapabilityResult<O extends z.ZodObject = z.ZodObject> {
  structured: z.input<O>;
  text: string;
  /** Where the result is kept to be read again (an absolute URL), when it is: an audit's report page. */
  keptAt?: string;
}

export interface Capability<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  /** Stable key the code refers to, e.g. "getPage". */
  key: string;
  /** Public name with the site's tool prefix, e.g. "service_get_page" (MCP tool, A2A skill id). */
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  budget: Budget;
  authentication: Authentication;
  hints: Hints;
  /** Inputs an agent can copy (the first is the one shown on cards); each must pass `input`. */
  examples: z.input<I>[];
  /** Requests in plain words this capability answers (shown on the agent card). */
  prompts: string[];
  /** Topic words for catalogues (the agent card's skill tags). */
  tags: string[];
  route?: Route;
  /**
   * Served only as its REST route: no MCP tool, no A2A skill, not on the cards (the tool list and the
   * agent card's skills are the product's published set). Needs a route and `a2aSkill: false`.
   */
  restOnly?: boolean;
  /** Set when its calls are searches or questions that agent insight records as asks. */
  askReading?: AskReading<I, O>;
  /** Whether the A2A agent serves it as a skill (the agent card lists exactly these). */
  a2aSkill: boolean;
  /**
   * True when the result depends only on the input and the content loaded at start-up, so a
   * binding may keep results for the life of the process.
   */
  stable: boolean;
  /**
   * Runs a call with validated `input`. `sent` is the input as the caller sent it, for the enquiry
   * path, which validates and hashes the caller's own fields. Throws AppError only.
   */
  handle(input: z.output<I>, context: CallContext, sent: unknown): Promise<CapabilityResult<O>> | CapabilityResult<O>;
}

/** Declares a capability with its schemas' types inferred (see site-index.ts for an example). */
export function defineCapability<I extends z.ZodObject, O extends z.ZodObject>(
  capability: Capability<I, O>,
): Capability<I, O> {
  if (capability.restOnly && (capability.route === undefined || capability.a2aSkill))
    throw new Error(`${capability.key} is REST-only, so it needs a route and is no A2A skill`);
  return capability;
}

/** The capabilities agents call as tools (MCP) and the cards list: every one but the REST-only. */
export function agentTools(capabilities: readonly Capability[]): readonly Capability[] {
  return capabilities.filter((capability) => !capability.restOnly);
}

/** Reads the content loaded at start-up and nothing else. */
export const readHints: Hints = { readOnly: true, destructive: false, idempotent: true, openWorld: false };
/** Enquiries leave the server (CRM, e-mail), and a repeat without an idempotency key creates another. */
export const actingHints: Hints = { readOnly: false, destructive: false, idempotent: false, openWorld: true };
export const noAuthentication: Authentication = { scheme: 'none' };
