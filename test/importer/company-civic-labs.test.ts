// Civic Labs, a software consultancy in San Francisco and Brooklyn: its site as its Jekyll build wrote
// it (fixtures/civic-labs), with its own robots.txt and sitemap.
import { companySite } from './company-site.ts';

companySite({
  folder: 'civic-labs',
  origin: 'https://www.civiclabs.com',
  served: ['robots.txt', 'sitemap.xml'],
  services: 4,
  caseStudies: 0,
  misses: 0,
  questions: [
    { question: 'who started the company', page: ['/about', '/team'] },
    { question: 'when was the firm founded', page: '/about' },
    { question: 'who advises the business', page: '/team' },
    { question: 'can you review our existing codebase', page: '/services/codebase-audits' },
    { question: 'our medical app has to meet HIPAA rules, can you help', page: '/services/hipaa-compliance' },
    {
      question: 'we need someone to maintain and support an app we already run',
      page: '/services/application-maintenance-and-support',
    },
    { question: 'do you build desktop and mobile apps', page: '/services/web-mobile-and-desktop-applications' },
    { question: 'how do you make software that is mathematically proven correct', page: '/' },
    { question: 'what are the steps of working together from start to finish', page: '/' },
    { question: 'where are your offices', page: '/contact' },
    { question: 'what number can I call you on', page: '/contact' },
    { question: 'what do your clients say about you', page: '/portfolio' },
  ],
});
