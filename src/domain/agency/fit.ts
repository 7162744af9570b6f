// Decides whether a query is inside the agency's fit (B2B technology companies) so tools can say
// plainly "outside our fit" for B2C, e-commerce and consumer-brand work instead of forcing a match.

export interface FitAssessment {
  inFit: boolean;
  /** Set when outside the fit: the signal that was recognised. */
  signal?: string;
}

// Phrases that mean consumer business whatever else the query says.
const strong = /\b(b2c|d2c|dtc|direct[- ]to[- ]consumer|online (?:store|shop|boutique)|shopify|woocommerce|dropshipping|amazon seller|etsy|consumer brands?|consumer app|our shoppers|e-?commerce (?:store|shop|brand|site|business))\b/i;
// Phrases that usually mean consumer business, unless the query also says it is B2B technology.
const weak = /\b(e-?commerce|retail(?:er)?s?|consumers?|shoppers?|fashion|beauty|cosmetics|restaurants?|cafes?|fitness|apparel|clothing|jewellery|jewelry|influencers?|grocery|groceries|hotels? guests|holiday|travel bookings?)\b/i;
const b2bTech = /\b(b2b|saas|software|platform|api|enterprise|vendors?|arr|devtools?|developer|infrastructure|it teams?|sells? to (?:businesses|retailers|brands|companies))\b/i;

/** Classifies a free-text query against the agency's fit. */
export function assessFit(query: string): FitAssessment {
  const strongHit = strong.exec(query);
  if (strongHit) return { inFit: false, signal: strongHit[0] };
  const weakHit = weak.exec(query);
  if (weakHit && !b2bTech.test(query)) return { inFit: false, signal: weakHit[0] };
  return { inFit: true };
}

/** The sentence tools return for an out-of-fit query. */
export function outsideFitMessage(brandName: string, fit: string, signal: string | undefined): string {
  const why = signal ? ` The request mentions "${signal}".` : '';
  return `This looks outside ${brandName}'s fit.${why} ${fit}`;
}
