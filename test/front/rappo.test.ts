// Front mode in front of Themefisher Rappo: flat `.html` pages with a services overview, a
// stylesheet, a script and images, and a contact form posting to `mail.php`. Its robots.txt names a
// sitemap that lists the pages at their `.html` addresses, as a static site's generator writes it.
import { answer } from '../importer/static-site.ts';
import { frontModeSuite } from './template-suite.ts';

const listed = ['/', '/about.html', '/service.html', '/pricing.html', '/project.html', '/contact.html'];

frontModeSuite({
  template: 'rappo',
  formAction: '/mail.php',
  edited: 'pages/pricing.md',
  page: {
    address: '/about.html',
    slug: 'about',
    sentence: 'Rappo can be used to create anything',
    phrase: 'our working process',
  },
  setUp: (site) => {
    const urls = listed.map((address) => `<url><loc>${new URL(address, site.url).href}</loc></url>`).join('');
    const sitemap = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
    site.routes.set('/robots.txt', answer(`User-agent: *\nAllow: /\nSitemap: ${site.url}sitemap.xml\n`, 'text/plain'));
    site.routes.set('/sitemap.xml', answer(sitemap, 'application/xml'));
  },
  foundThrough: /found through: robots\.txt read; sitemaps 1 \(6 addresses\)/,
  service: { slug: 'creative-design', name: 'Creative Design', address: '/service.html' },
});
