// The dashboard's whole stylesheet, inlined in each page and allowed by its hash in the CSP (no
// stylesheet request, no 'unsafe-inline'). Plain system fonts: the dashboard loads nothing external.
import { createHash } from 'node:crypto';

export const dashboardCss = `
:root{--ink:#0f172a;--muted:#475569;--line:#e2e8f0;--bg:#f8fafc;--card:#fff;--accent:#1d4ed8}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
header{background:#0f172a;color:#fff;padding:14px 28px;display:flex;flex-wrap:wrap;align-items:center;gap:8px 28px}
header .brand{font-weight:700;font-size:16px;letter-spacing:.01em}
header nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
header nav a{color:#cbd5e1;text-decoration:none;padding:6px 10px;border-radius:6px;display:inline-block}
header nav a:hover{color:#fff;background:#1e293b}
header nav a[aria-current=page]{color:#fff;background:#1d4ed8}
main{max-width:1320px;margin:0 auto;padding:24px 28px 48px}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:16px;margin:0 0 12px}
h3{font-size:14px;margin:16px 0 6px}
.sub{color:var(--muted);margin:0 0 18px}
form.range{display:flex;flex-wrap:wrap;align-items:end;gap:12px;margin:0 0 20px;padding:12px 16px;background:var(--card);border:1px solid var(--line);border-radius:10px}
form.range label{display:flex;flex-direction:column;font-size:12px;color:var(--muted);gap:2px}
form.range input{font:inherit;padding:5px 8px;border:1px solid #94a3b8;border-radius:6px;color:var(--ink)}
form.range button{font:inherit;padding:6px 14px;border:0;border-radius:6px;background:var(--accent);color:#fff;cursor:pointer}
.tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px;margin:0 0 20px;padding:0;list-style:none}
.tiles li{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 16px}
.tiles .value{display:block;font-size:24px;font-weight:700;font-variant-numeric:tabular-nums}
.tiles .label{color:var(--muted);font-size:12px}
section.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 20px;margin:0 0 16px}
.pair{display:grid;grid-template-columns:minmax(0,auto) minmax(320px,1fr);gap:28px;align-items:start}
.pair img{max-width:100%;height:auto}
@media (max-width:1000px){.pair{grid-template-columns:1fr}}
.scroll{max-height:880px;overflow:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
caption{text-align:left;color:var(--muted);font-size:12px;padding:0 0 6px}
th,td{padding:5px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top;white-space:nowrap}
th{font-size:12px;color:var(--muted);font-weight:600;background:#f1f5f9;position:sticky;top:0;white-space:normal}
td.n,th.n{text-align:right}
td.q{white-space:normal;word-break:break-word;min-width:12em}
.empty{color:var(--muted);font-style:italic;margin:0}
.note{color:var(--muted);font-size:12px;margin:8px 0 0}
.error{background:#fef2f2;border:1px solid #fecaca;color:#7f1d1d;border-radius:10px;padding:12px 16px}
`.replace(/\n/g, '');

/** The CSP source that allows exactly this stylesheet. */
export const dashboardCssHash = `'sha256-${createHash('sha256').update(dashboardCss).digest('base64')}'`;

/** Nothing external, no script, no frames; images only as data: (the charts). */
export const dashboardCsp = `default-src 'none'; style-src ${dashboardCssHash}; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
