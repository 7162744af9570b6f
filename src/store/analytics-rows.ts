// The rows of agent insight's aggregated counts as the store writes them: one per hour (visits) or
// day (asks, enquiries) and set of dimensions. The domain's tally produces them; the store gives
// them no meaning beyond their columns. Every row names its site (its key; '' for the single site).

export interface VisitRow {
  site: string;
  hour: string;
  surface: string;
  item: string;
  family: string;
  kind: string;
  verified: number;
  statusClass: string;
  count: number;
}
export interface AskRow {
  site: string;
  day: string;
  source: string;
  query: string;
  family: string;
  asks: number;
  noResult: number;
  results: number;
  outOfFit: number;
}
export interface EnquiryRow {
  site: string;
  day: string;
  channel: string;
  family: string;
  kind: string;
  count: number;
}

/** One write's worth of counts. */
export interface Drained {
  visits: VisitRow[];
  asks: AskRow[];
  enquiries: EnquiryRow[];
}
