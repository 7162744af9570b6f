// Front mode in front of Themefisher Rappo: flat `.html` pages with a services overview, a
// stylesheet, a script and images, and a contact form posting to `mail.php`.
import { frontModeSuite } from './template-suite.ts';

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
  service: { slug: 'creative-design', name: 'Creative Design', address: '/service.html' },
});
