// The HTTP+JSON binding's query parameters each name one value: a parameter sent twice
// (`?contextId=a&contextId=b`) has no meaning the binding could pick, so it is refused as the
// protocol's bad input (400 INVALID_ARGUMENT), never read as a list.
import { RequestMalformedError } from '@a2a-js/sdk/errors';

/** The one value of query parameter `name`, or undefined; throws RequestMalformedError when it is repeated. */
export function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (value === undefined || typeof value === 'string') return value;
  throw new RequestMalformedError({
    message: `The query parameter ${name} is given more than once; send it once.`,
    metadata: { [name]: 'is given more than once' },
  });
}
