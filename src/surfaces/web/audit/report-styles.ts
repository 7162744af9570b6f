// The readiness report's part of the site's one stylesheet (stylesheet.ts appends it): the score
// gauge, the level ladder, the findings and the folded lists. Colours are the site's theme variables,
// so both themes keep their contrast.
export const reportStyles = `
.report-top{padding-top:clamp(2rem,4vw,3rem);padding-bottom:1.5rem}
.report-summary{display:grid;grid-template-columns:auto minmax(0,1fr) minmax(15rem,19rem);gap:1.5rem 2.5rem;align-items:center}
.gauge{margin:0;width:9.5rem}
.gauge svg{display:block;width:100%;height:auto}
.gauge circle{fill:none;stroke-width:11}
.gauge-track{stroke:var(--line)}
.gauge-arc{stroke:var(--bad);stroke-linecap:round}
.gauge-mid .gauge-arc{stroke:var(--warn-ink)}
.gauge-high .gauge-arc{stroke:var(--ok)}
.gauge text{fill:var(--ink)}
.gauge-score{font-size:34px;font-weight:800;letter-spacing:-.03em}
.gauge-unit{font-size:11px;fill:var(--muted)}
.gauge .gauge-unit{fill:var(--muted)}
.report-level h2{margin:0 0 .4rem;font-size:var(--s2)}
.next-level{margin:0;color:var(--muted);max-width:48ch}
.ladder{list-style:none;margin:0;padding:0;display:grid;gap:.3rem}
.rung{display:flex;align-items:center;gap:.6rem;padding:.35rem .7rem;border-radius:8px;border:1px solid var(--line);color:var(--muted);font-size:var(--s-1)}
.rung-level{display:inline-grid;place-items:center;width:1.6rem;height:1.6rem;border-radius:50%;border:2px solid var(--line);font-weight:700}
.rung-reached{color:var(--ink)}
.rung-reached .rung-level{border-color:var(--ok);color:var(--ok)}
.rung-here{color:var(--ink);font-weight:700;border:2px solid var(--accent);background:var(--surface)}
.rung-here .rung-level{background:var(--accent);border-color:var(--accent);color:var(--accent-ink)}
.rung-tag{margin-left:auto;white-space:nowrap;font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--accent)}
.report-body{padding-top:1rem}
.report-body h2:first-child{margin-top:0}
.section-note{color:var(--muted);margin:-.2rem 0 1rem}
.findings{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.finding{background:var(--card);border:1px solid var(--line);border-left:6px solid var(--bad);border-radius:var(--radius);padding:1.1rem 1.3rem}
.finding-warn{border-left-color:var(--warn-ink)}
.finding h3{display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem .7rem;margin:0}
.check-id{display:block;color:var(--muted);font-size:var(--s-1);margin:.2rem 0 .6rem}
.finding-facts{display:grid;grid-template-columns:minmax(8rem,11rem) minmax(0,1fr);gap:.45rem 1rem;margin:0}
.finding-facts dt{font-size:var(--s-1);font-weight:700;color:var(--muted);padding-top:.1rem}
.finding-facts dd{margin:0}
.finding-facts .cost{font-weight:600}
.evidence{margin-top:.8rem;font-size:var(--s-1)}
.evidence summary,.folded summary{cursor:pointer;font-weight:700;color:var(--accent);padding:.3rem 0}
.evidence dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.3rem 1rem;margin:.5rem 0 0}
.evidence dd{margin:0;overflow-wrap:anywhere}
.evidence code{overflow-wrap:anywhere;word-break:break-all}
.check-list{list-style:none;margin:0;padding:0;display:grid;gap:.7rem}
.check-list li{padding:.6rem 0;border-bottom:1px solid var(--line)}
.check-list .check-id{display:inline;margin:0 0 0 .4rem}
.folded{border:1px solid var(--line);border-radius:var(--radius);padding:.5rem 1rem}
.front-fixes{columns:2 16rem;margin:0 0 1rem;padding-left:1.2rem}
.front-fixes li{margin:.25rem 0;break-inside:avoid}
.front-fixes .check-id{display:inline;margin-left:.3rem}
@media (max-width:52rem){.report-summary{grid-template-columns:auto minmax(0,1fr)}.ladder{grid-column:1/-1}}
@media (max-width:40rem){.report-summary{grid-template-columns:minmax(0,1fr)}.gauge{width:8rem}.finding-facts{grid-template-columns:minmax(0,1fr)}.finding-facts dd{margin-bottom:.4rem}}
`;
