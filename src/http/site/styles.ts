// The site's whole stylesheet, inlined in every page (no external assets). Colours meet WCAG AA
// contrast; layout is a single readable column that widens for card grids.
export const styles = `
:root{--ink:#1b1f24;--muted:#4a5563;--accent:#0b5cad;--accent-ink:#fff;--bg:#fff;--soft:#f3f6fa;--line:#d6dde6;--warn:#8a4b00;--ok:#1d6b35}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
.wrap{max-width:68rem;margin:0 auto;padding:0 1.25rem}
a{color:var(--accent);overflow-wrap:anywhere}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:9}
.site-header{border-bottom:1px solid var(--line);background:#fff}
.site-header .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem;padding-top:.75rem;padding-bottom:.75rem}
.brand{font-weight:800;font-size:1.35rem;text-decoration:none;color:var(--ink);letter-spacing:-.02em}
nav ul,.site-footer ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
nav a{text-decoration:none;color:var(--muted);font-weight:600;padding:.25rem 0}
nav a:hover,nav a[aria-current=page]{color:var(--accent);text-decoration:underline}
.sample{margin:0;background:#fff7e6;color:var(--warn);text-align:center;font-size:.9rem;padding:.4rem 1rem;border-bottom:1px solid #f3d9a6}
main{padding-top:2rem;padding-bottom:3rem}
main>article{max-width:46rem}
h1{font-size:clamp(1.8rem,4vw,2.6rem);line-height:1.15;letter-spacing:-.02em;margin:.2em 0 .5em}
h2{font-size:1.4rem;margin-top:2em}
blockquote{margin:1.5rem 0;padding:.75rem 1rem;background:var(--soft);border-left:4px solid var(--accent)}
table{border-collapse:collapse;width:100%;margin:1rem 0;font-size:.95rem;display:block;overflow-x:auto}
th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
code{background:var(--soft);padding:.1em .3em;border-radius:3px;font-size:.92em;overflow-wrap:anywhere}
pre{background:var(--soft);padding:1rem;overflow-x:auto}
.cards{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem;margin:1.5rem 0}
.card{border:1px solid var(--line);border-radius:8px;padding:1rem 1.1rem;background:#fff;display:flex;flex-direction:column;gap:.35rem}
.card h2,.card h3{font-size:1.05rem;margin:0}
.card .stat{font-weight:700;color:var(--ink)}
.card .meta{color:var(--muted);font-size:.9rem;margin:0}
.badge{display:inline-block;background:var(--accent);color:var(--accent-ink);font-size:.75rem;font-weight:700;border-radius:99px;padding:.05rem .55rem}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.75rem;padding:0;list-style:none}
.facts li{background:var(--soft);border-radius:8px;padding:.75rem}
.facts strong{display:block;font-size:1.4rem}
form.enquiry{display:grid;gap:1rem;max-width:36rem;margin-top:1.5rem}
label{font-weight:600;display:block;margin-bottom:.25rem}
input,select,textarea{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #8a96a3;border-radius:6px;background:#fff;color:var(--ink)}
textarea{min-height:9rem}
.hint{color:var(--muted);font-size:.9rem;font-weight:400}
.error{color:#a4161a;font-weight:600;margin:.25rem 0 0}
[aria-invalid=true]{border-color:#a4161a}
button{font:inherit;font-weight:700;background:var(--accent);color:var(--accent-ink);border:0;border-radius:6px;padding:.7rem 1.3rem;cursor:pointer;justify-self:start}
.notice{border-radius:8px;padding:1rem;margin:1rem 0;background:var(--soft);border-left:4px solid var(--accent)}
.notice.ok{border-color:var(--ok)}.notice.bad{border-color:#a4161a}
.site-footer{border-top:1px solid var(--line);background:var(--soft);color:var(--muted);font-size:.92rem}
.site-footer .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem;padding-top:1rem;padding-bottom:1rem}
.site-footer p{margin:0}
.site-search{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;flex-basis:100%;max-width:32rem}.site-search label{flex-basis:100%;margin:0}.site-search input{flex:1;min-width:10rem;width:auto}
@media (max-width:40rem){body{font-size:1rem}.site-header .wrap{flex-direction:column;align-items:flex-start}}
`;
