// Attila Krick, a German IT trainer and consultant for PowerShell, .NET and SQL Server: his site as its
// Hugo build wrote it (fixtures/attila-krick), with its own robots.txt and sitemap.
import { companySite } from './company-site.ts';

companySite({
  folder: 'attila-krick',
  origin: 'https://attilakrick.com',
  served: ['robots.txt', 'sitemap.xml'],
  services: 4,
  caseStudies: 0,
  misses: 0,
  questions: [
    { question: 'Bieten Sie PowerShell-Kurse für Anfänger an?', page: ['/services/powershell', '/leistungen'] },
    {
      question: 'Können Sie unsere langsamen Datenbankabfragen beschleunigen?',
      page: ['/services/sql-server', '/leistungen'],
    },
    {
      question: 'Entwickeln Sie Webservices und Backends in C# bzw. .NET?',
      page: ['/services/net-entwicklung', '/leistungen'],
    },
    {
      question: 'Schreiben Sie auch Fachtexte für unseren Blog?',
      page: ['/services/content-dokumentation', '/leistungen'],
    },
    { question: 'Wie viele Jahre Erfahrung bringen Sie mit?', page: '/leistungen' },
    { question: 'Sind Schulungen auch online möglich oder nur bei uns im Haus?', page: '/leistungen' },
    { question: 'Für welche Firmen haben Sie schon gearbeitet?', page: '/leistungen' },
    { question: 'Wie schnell antworten Sie auf eine Anfrage?', page: '/kontakt' },
    { question: 'Wo ist Ihr Firmensitz und wer ist verantwortlich?', page: '/impressum' },
    { question: 'Werden auf der Website Cookies gesetzt?', page: '/impressum' },
  ],
});
