// The site's whole stylesheet, served as one cached file (stylesheet.ts). A fluid type scale,
// full-width bands with a readable measure inside, and light and dark themes chosen by the
// reader's system (prefers-color-scheme). Colour pairs meet WCAG AA contrast in both themes.
export const styles = `
:root{color-scheme:light dark;--bg:#fff;--surface:#f4f6fb;--card:#fff;--ink:#0f172a;--muted:#4b5567;--line:#dde3ec;--accent:#1d4ed8;--accent-ink:#fff;--figure:#1d4ed8;--hero:#0b1a33;--hero-ink:#f4f7fc;--hero-muted:#c5d0e3;--cta:#fbbf24;--cta-ink:#111827;--bad:#a4161a;--ok:#1d6b35;--warn-bg:#fff4d6;--warn-ink:#6b3d00;
--s-1:.875rem;--s0:clamp(1rem,.96rem + .2vw,1.0625rem);--s1:clamp(1.15rem,1.08rem + .35vw,1.3rem);--s2:clamp(1.35rem,1.2rem + .7vw,1.65rem);--s3:clamp(1.6rem,1.3rem + 1.4vw,2.2rem);--s4:clamp(2rem,1.45rem + 2.6vw,3.3rem);--radius:10px}
@media (prefers-color-scheme:dark){:root{--bg:#0b1220;--surface:#111b2e;--card:#142036;--ink:#e6ebf4;--muted:#a9b5c8;--line:#26334d;--accent:#93b4ff;--accent-ink:#0b1220;--figure:#9cbcff;--hero:#0f1f3d;--bad:#ff8a8f;--ok:#7ddc9a;--warn-bg:#33270a;--warn-ink:#ffd98a}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:var(--s0)/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",sans-serif;color:var(--ink);background:var(--bg);overflow-wrap:break-word}
.wrap{max-width:76rem;margin:0 auto;padding:0 clamp(1rem,4vw,2rem)}
a{color:var(--accent);text-underline-offset:.15em}
:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:9}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
h1,h2,h3{line-height:1.2;letter-spacing:-.015em;text-wrap:balance}
h1{font-size:var(--s4);margin:.1em 0 .35em;letter-spacing:-.025em}
h2{font-size:var(--s3);margin:1.6em 0 .5em}
h3{font-size:var(--s1);margin:0 0 .35em}
.sample{margin:0;background:var(--warn-bg);color:var(--warn-ink);text-align:center;font-size:var(--s-1);padding:.35rem 1rem}
.site-header{background:var(--bg);border-bottom:1px solid var(--line)}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding-top:.8rem;padding-bottom:.8rem}
.brand{display:inline-flex;align-items:center;gap:.55rem;font-weight:800;font-size:1.4rem;text-decoration:none;color:var(--ink);letter-spacing:-.02em}
.brand svg{width:2rem;height:2rem;flex:none}
nav ul,.site-footer ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;align-items:center}
.site-header nav a{text-decoration:none;color:var(--ink);font-weight:600;display:inline-block;padding:.3rem 0}
.site-header nav a:hover,.site-header nav a[aria-current=page]{color:var(--accent);text-decoration:underline;text-decoration-thickness:2px}
.site-header nav .nav-cta{background:var(--accent);color:var(--accent-ink);padding:.45rem .9rem;border-radius:6px}
.site-header nav .nav-cta:hover{color:var(--accent-ink)}
main{display:block;min-height:50vh}
.band{padding:clamp(2.5rem,6vw,4.5rem) 0}
.band>.wrap>:first-child{margin-top:0}
.alt{background:var(--surface)}
.page-head{background:var(--surface);border-bottom:1px solid var(--line);padding:clamp(2rem,5vw,3.5rem) 0 clamp(1.75rem,4vw,2.75rem)}
.page-head h1{max-width:24ch}
.eyebrow{margin:0 0 .5rem;font-size:var(--s-1);font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.eyebrow a{color:inherit}
.lead{font-size:var(--s1);color:var(--muted);max-width:62ch;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.75rem 0 0}
.btn{display:inline-block;font-weight:700;text-decoration:none;border-radius:8px;padding:.8rem 1.3rem;line-height:1.25;border:2px solid transparent}
.btn-primary{background:var(--accent);color:var(--accent-ink)}
.btn-secondary{border-color:currentColor;color:var(--accent)}
.btn:hover{filter:brightness(1.08);text-decoration:underline}
.hero{background:radial-gradient(60rem 30rem at 85% -10%,#1e3a8a 0,transparent 60%),var(--hero);color:var(--hero-ink);padding:clamp(3rem,9vw,6.5rem) 0 clamp(3rem,8vw,5.5rem)}
.hero h1{font-size:clamp(2.3rem,1.5rem + 3.6vw,4rem);max-width:18ch;margin-bottom:.3em}
.hero .lead{color:var(--hero-muted);font-size:var(--s2);line-height:1.4;max-width:40ch}
.hero .eyebrow,.hero-note{color:var(--hero-muted)}
.hero-note{margin:1.5rem 0 0;font-size:var(--s-1)}
.hero .btn-primary,.cta .btn-primary{background:var(--cta);color:var(--cta-ink)}
.hero .btn-secondary,.cta .btn-secondary{color:var(--hero-ink)}
.kicker{font-size:var(--s1);color:var(--muted);font-weight:600;margin:0 0 1.5rem}
.proof{border-bottom:1px solid var(--line)}
.proof-list{list-style:none;margin:0;padding:0;display:grid;gap:1.5rem 2rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,14rem),1fr))}
.proof-list li{border-left:3px solid var(--accent);padding-left:1rem}
.proof-list p{margin:0 0 .4rem;color:var(--muted)}
.figure,.card .figure,.proof-list .figure{font-size:clamp(1.9rem,1.4rem + 1.6vw,2.5rem);font-weight:800;line-height:1.05;letter-spacing:-.03em;color:var(--figure);margin:0 0 .3rem;font-variant-numeric:tabular-nums;white-space:nowrap}
.figure-label{margin:0;font-weight:600}
.section-head{max-width:62ch;margin-bottom:1.75rem}
.section-head h2{margin:0 0 .4rem}
.section-head p{margin:0;color:var(--muted)}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr))}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:1.35rem 1.4rem;position:relative}
.card p{margin:.2rem 0 0;color:var(--muted)}
.card h2,.card h3{font-size:var(--s1);margin:0 0 .6rem}
.card h2 a,.card h3 a{color:var(--ink);text-decoration:none}
.card h2 a::after,.card h3 a::after{content:"";position:absolute;inset:0;border-radius:var(--radius)}
.card:hover{border-color:var(--accent)}
.card:hover h2 a,.card:hover h3 a{text-decoration:underline;color:var(--accent)}
.card:has(a:focus-visible){outline:3px solid #f0a500;outline-offset:2px}
.card a:focus-visible{outline:none}
.cs-card .figure{font-size:var(--s3);margin-top:.4rem}
.cs-card .figure-label{color:var(--ink)}
.cs-card .meta{font-size:var(--s-1);margin-top:.9rem;padding-top:.75rem;border-top:1px solid var(--line)}
.cs-card .meta span{display:block}.cs-card .industry{font-weight:700;color:var(--ink)}
.card-accent{background:var(--hero);border-color:var(--hero)}.card-accent p{color:var(--hero-muted)}.card.card-accent h3 a{color:var(--hero-ink);text-decoration:underline}
.grid+p{margin-top:1.5rem}
.grid.fill{grid-template-columns:repeat(auto-fit,minmax(min(100%,17rem),1fr))}
.panel.fit-yes{border-top:4px solid var(--ok)}.panel.fit-no{border-top:4px solid var(--bad)}.fit .split{align-items:stretch}.fit .panel h2{font-size:var(--s2);margin-top:0}.fit .panel p{margin-bottom:0}
.alt .card{background:var(--bg)}
.service-grid{grid-template-columns:repeat(auto-fill,minmax(min(100%,21rem),1fr))}
.service-card{display:flex;flex-direction:column;gap:.35rem}
.service-card .proof-count{margin-top:auto;padding-top:.75rem;position:relative;z-index:1;font-weight:700}
.outcome{color:var(--ink)!important}
.chips{list-style:none;margin:.5rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem}
.chips li{font-size:var(--s-1);background:var(--surface);border:1px solid var(--line);border-radius:99px;padding:.1rem .65rem;color:var(--muted)}
.chip-links{margin:1rem 0 0}
.chip-links li{padding:0;background:none;border:0}
.chip-links a{display:inline-block;padding:.3rem .8rem;border:1px solid var(--line);border-radius:99px;text-decoration:none;color:var(--ink);background:var(--card)}
.chip-links a[aria-current]{background:var(--accent);color:var(--accent-ink);border-color:var(--accent)}
.split{display:grid;gap:2rem clamp(2rem,5vw,4rem);grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));align-items:start}
.wide-main{grid-template-columns:minmax(0,2fr) minmax(16rem,1fr)}
.prose>:not(.table-scroll){max-width:68ch}.wide-main .prose{max-width:68ch}
.prose>:first-child,.panel>:first-child{margin-top:0}
.prose h2{font-size:var(--s2)}
.page-wrap>*{max-width:52rem}
.page-wrap{padding-top:clamp(2rem,5vw,3rem);padding-bottom:clamp(2.5rem,6vw,4rem)}
.panel{background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);padding:1.4rem 1.5rem}
.panel h2{font-size:var(--s1)}
.ticks{padding-left:1.2rem;margin:0}
.ticks li{margin:.3rem 0}
.facts,.direct{margin:0;display:grid;gap:.9rem}
.facts dt,.direct dt{font-size:var(--s-1);font-weight:700;color:var(--muted);text-transform:uppercase;letter-spacing:.06em}
.facts dd,.direct dd{margin:0}
address{font-style:normal}
.stats{grid-template-columns:repeat(auto-fit,minmax(min(100%,15rem),1fr));margin-bottom:2.5rem}
.stat{background:var(--surface);border-radius:var(--radius);padding:1.3rem 1.4rem;border-top:4px solid var(--accent)}
.stat-chart{grid-column:span 2}
.chart{margin:1rem 0 0}
.chart-svg{width:100%;max-width:24rem;height:auto;display:block;color:var(--ink)}
.chart-svg text{fill:currentColor}
.chart figcaption{font-size:var(--s-1);color:var(--muted)}
.badge{display:inline-block;background:var(--accent);color:var(--accent-ink);font-size:.75rem;font-weight:700;border-radius:99px;padding:.1rem .6rem;letter-spacing:.02em}
.status{display:inline-block;white-space:nowrap;font-weight:700;font-size:var(--s-1);border-left:4px solid var(--line);padding-left:.4rem}.status-pass{border-color:var(--ok);color:var(--ok)}.status-fail,.status-error{border-color:var(--bad);color:var(--bad)}.status-warn{border-color:var(--warn-ink);color:var(--warn-ink)}.status-skip{color:var(--muted)}
.cta{background:var(--hero);color:var(--hero-ink)}
.cta h2{margin:0 0 .5rem;max-width:30ch}
.cta p{max-width:60ch;color:var(--hero-muted);font-size:var(--s1)}
.cta .actions{margin-top:1.25rem}
.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,14rem),1fr));gap:1rem;align-items:end;background:var(--surface);border:1px solid var(--line);border-radius:var(--radius);padding:1.1rem 1.25rem}
.count{margin:1.75rem 0 1rem;color:var(--muted)}
.count strong{color:var(--ink)}
.pager ul{justify-content:center;gap:.4rem;margin-top:2rem}
.pager a{display:inline-block;min-width:2.6rem;text-align:center;padding:.45rem .7rem;border:1px solid var(--line);border-radius:8px;text-decoration:none;background:var(--card)}
.pager a[aria-current]{background:var(--accent);color:var(--accent-ink);border-color:var(--accent);font-weight:700}
.contact-split{grid-template-columns:minmax(0,3fr) minmax(16rem,2fr)}
.form-card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:clamp(1.25rem,3vw,2rem)}
.form-card h2,.contact-aside h2{margin-top:0;font-size:var(--s2)}
.contact-aside{display:grid;gap:1.25rem}
.contact-aside h2{font-size:var(--s1)}
.steps{margin:0;padding-left:1.3rem}
.steps li{margin:.45rem 0}
blockquote{margin:1.5rem 0;padding:.75rem 1rem;background:var(--surface);border-left:4px solid var(--accent)}
.table-scroll{overflow-x:auto;margin:1rem 0;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border-bottom:1px solid var(--line);padding:.5rem .7rem;text-align:left;vertical-align:top}
th{background:var(--surface)}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--surface);padding:.1em .3em;border-radius:4px;font-size:.88em;overflow-wrap:normal;word-break:normal}
td code{white-space:nowrap}td code wbr{display:none}
pre{background:var(--surface);padding:1rem;overflow-x:auto}
form.enquiry{display:grid;gap:1.1rem;margin-top:1rem}
label{font-weight:600;display:block;margin-bottom:.3rem}
input,select,textarea{width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #7b8797;border-radius:8px;background:var(--bg);color:var(--ink)}
textarea{min-height:9rem}
.hint{color:var(--muted);font-size:var(--s-1);font-weight:400}
.error{color:var(--bad);font-weight:600;margin:.3rem 0 0}
[aria-invalid=true]{border-color:var(--bad)}
button{font:inherit;font-weight:700;background:var(--accent);color:var(--accent-ink);border:0;border-radius:8px;padding:.75rem 1.4rem;cursor:pointer;justify-self:start}
.notice{border-radius:var(--radius);padding:1rem 1.2rem;margin:1rem 0;background:var(--surface);border-left:4px solid var(--accent)}
.notice.ok{border-color:var(--ok)}.notice.bad{border-color:var(--bad)}
.notice p{margin:.2rem 0}
.results li{margin:.8rem 0}
.site-footer{border-top:1px solid var(--line);background:var(--surface);color:var(--muted);font-size:var(--s-1)}
.site-footer .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:1rem;padding-top:2rem;padding-bottom:2rem}
.site-footer p{margin:0}
.site-search{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;flex-basis:100%;max-width:32rem}.site-search label{flex-basis:100%;margin:0}.site-search input{flex:1;min-width:10rem;width:auto}
.site-footer a{display:inline-block;padding:.2rem 0}
@media (max-width:52rem){.wide-main,.contact-split{grid-template-columns:1fr}.stat-chart{grid-column:auto}}
@media (max-width:40rem){.filters{grid-template-columns:1fr 1fr;gap:.75rem;padding:.9rem}.filters>div:last-child{grid-column:1/-1}.filters button{width:100%}.page-head .lead{font-size:var(--s0)}.band{padding:2rem 0}.chip-links{flex-wrap:nowrap;overflow-x:auto;padding-bottom:.4rem}.chip-links a{white-space:nowrap}.bar{padding-top:.6rem;padding-bottom:.5rem}.site-header nav ul{gap:0 1rem}.site-header nav a{font-size:.95rem}.site-header nav li:has(.nav-cta){display:none}.btn{width:100%;text-align:center}.hero .actions,.cta .actions{flex-direction:column}}
`;
