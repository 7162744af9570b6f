// Front mode in front of Start Bootstrap Modern Business: flat `.html` pages, a stylesheet, a
// script and an icon, and a contact form with no action (it posts to its own page).
import { frontModeSuite } from './template-suite.ts';

frontModeSuite({
  template: 'modern-business',
  formAction: '/contact.html',
  foundThrough: /found through: robots\.txt none; sitemaps 0 \(0 addresses\); then links on the pages/,
  edited: 'pages/pricing.md',
  page: {
    address: '/about.html',
    slug: 'about',
    sentence: 'Start Bootstrap was built on the idea that quality, functional website templates',
    phrase: 'quality functional website templates',
  },
});
