// Underscore, a Scala consultancy in Brighton: its site as its Jekyll build wrote it (fixtures/underscore).
import { companySite } from './company-site.ts';
import { answer } from './static-site.ts';

companySite({
  folder: 'underscore',
  // The sections not kept in the folder (blog, books, events, jobs, course pages) are kept from the import.
  routes: (site) =>
    site.routes.set(
      '/robots.txt',
      answer(
        'User-agent: *\nDisallow: /blog/\nDisallow: /books/\nDisallow: /events/\nDisallow: /jobs/\nDisallow: /training/courses/\n',
        'text/plain',
      ),
    ),
  services: 4,
  caseStudies: 5,
  misses: 1,
  questions: [
    { question: 'who are the partners that run the firm', page: '/company' },
    { question: 'what year was the company set up', page: '/company' },
    { question: 'where is your office and how do I get there by train', page: '/company' },
    { question: 'can someone look through our Scala code and tell us what to fix', page: '/consulting/review' },
    {
      question: 'our Scala system has performance and reliability problems, can you help',
      page: '/consulting/troubleshooting',
    },
    { question: 'we find it hard to hire Scala engineers, how can we grow our own', page: '/consulting/growth' },
    {
      question: 'can an experienced developer pair with our programmers every day for a month',
      page: '/consulting/mentoring',
    },
    { question: 'do you teach courses on functional programming for our developers', page: '/training' },
    { question: 'can you build and deliver a whole product for us', page: '/development' },
    { question: 'have you built trade clearing software for a bank', page: '/case-studies/hsbc' },
    { question: 'did you make a dashboard for university admissions', page: '/case-studies/qmul' },
    { question: 'experience automating tenant referencing for a property startup', page: '/case-studies/goodlord' },
    {
      question: 'have you helped a luxury fashion retailer get a team productive in Scala',
      page: '/case-studies/ynap',
    },
    { question: 'work for an advertising billboard marketplace', page: '/case-studies/site-tour' },
  ],
});
