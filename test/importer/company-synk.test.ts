// SYNK GROUP, a leadership and change consultancy in Frankfurt: its hand-written static site
// (fixtures/synk), German with an English mirror under /en/, no robots.txt and no sitemap.
import { companySite } from './company-site.ts';

companySite({
  folder: 'synk',
  services: 4,
  caseStudies: 4,
  // The site marks only its language switcher's link with hreflang: each English page translates its German one.
  printed: [
    /^ {2}\/en\/leistungen\/leadership\.html → \S+ \(en, translates services\/leadership\)$/m,
    /^ {2}\/en\/projekte\/bayer\.html → \S+ \(en, translates case-studies\/bayer\)$/m,
    /^ {2}\/en\/index\.html → \S+ \(en, translates home\)$/m,
  ],
  misses: 1,
  questions: [
    { question: 'Wer führt das Unternehmen und wem gehört es?', page: '/about/team' },
    { question: 'Seit wann gibt es die Firma schon?', page: ['/about/25-jahre', '/about/team'] },
    { question: 'Wie lange läuft ein Programm für Führungskräfte bei Ihnen?', page: '/leistungen/leadership' },
    { question: 'Begleiten Sie uns bei einem Wandel der Unternehmenskultur?', page: '/leistungen/change' },
    { question: 'Können Sie unserem Team helfen, besser zusammenzuarbeiten?', page: '/leistungen/collaboration' },
    {
      question: 'Gibt es Lernangebote, die man online und zeitlich flexibel nutzen kann?',
      page: '/leistungen/digitale-loesungen',
    },
    {
      question: 'Haben Sie schon ein Programm für junge Führungskräfte einer Airline entwickelt?',
      page: '/projekte/lufthansa',
    },
    { question: 'Wie haben Sie neue Führungskräfte bei der Bahn unterstützt?', page: '/projekte/deutsche-bahn' },
    {
      question: 'Moderieren Sie Workshops, um Erfahrungen aus abgeschlossenen Projekten festzuhalten?',
      page: '/projekte/bayer',
    },
    { question: 'Was haben Sie für einen Flughafen gemacht?', page: '/projekte/stuttgart-airport' },
    {
      question: 'Kann ich mich bei Ihnen zum Coach ausbilden lassen?',
      page: [
        '/qualifizierung',
        '/qualifizierung/systemischer-business-coach',
        '/qualifizierung/european-business-coach',
      ],
    },
    {
      question: 'Gibt es ein Förderprogramm speziell für Frauen am Anfang ihrer Laufbahn?',
      page: '/qualifizierung/young-women-leadership',
    },
    { question: 'Kann ich als freiberufliche Trainerin für Sie arbeiten?', page: '/about/karriere' },
    { question: 'Haben Sie einen Podcast?', page: '/wissen/podcast' },
  ],
});
