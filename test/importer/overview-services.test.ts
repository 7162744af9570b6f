// Services a site names only as cards on its overview page: which runs of headings count as cards.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { overviewServices, servicesSection } from '../../src/importer/overview-services.ts';

const cards = (level: string, names: string[]): string =>
  names.map((name) => `${level} ${name}\n\nWhat ${name} delivers, in a sentence.`).join('\n\n');

describe('services named on an overview page', () => {
  it('takes three or more headings of one level, each over one short paragraph', () => {
    const found = overviewServices(
      `# Services\n\nWhat we do.\n\n${cards('###', ['SEO audits', 'Paid search', 'Web design'])}`,
    );
    assert.deepEqual(found, [
      { slug: 'seo-audits', name: 'SEO audits', summary: 'What SEO audits delivers, in a sentence.' },
      { slug: 'paid-search', name: 'Paid search', summary: 'What Paid search delivers, in a sentence.' },
      { slug: 'web-design', name: 'Web design', summary: 'What Web design delivers, in a sentence.' },
    ]);
  });

  it('counts a name met in two runs once', () => {
    const page = `${cards('####', ['Hosting', 'Backups', 'Mail'])}\n\n## More\n\n${cards('###', ['Hosting', 'Design', 'Apps'])}`;
    assert.deepEqual(
      overviewServices(page).map((service) => service.slug),
      ['hosting', 'backups', 'mail', 'design', 'apps'],
    );
  });

  it('leaves out two cards alone, steps with pictures, and headings over long text', () => {
    assert.deepEqual(overviewServices(cards('###', ['Hosting', 'Backups'])), []);
    const steps = ['Research', 'Design', 'Delivery'].map((step) => `### ${step}\n\nWe do it.\n\n![](/img/${step}.jpg)`);
    assert.deepEqual(overviewServices(steps.join('\n\n')), []);
    const long = ['One', 'Two', 'Three'].map((name) => `## ${name}\n\n${'A long article paragraph. '.repeat(20)}`);
    assert.deepEqual(overviewServices(long.join('\n\n')), []);
  });

  it('takes a card whose text is a short list of what the service covers', () => {
    const page = ['PowerShell', 'SQL Server', 'Content'].map(
      (name) => `### ${name}\n\n- ${name} scripts\n- ${name} **training**`,
    );
    assert.deepEqual(overviewServices(`## Meine Leistungen\n\n${page.join('\n\n')}\n\n## Kunden\n\n- A\n- B`)[1], {
      slug: 'sql-server',
      name: 'SQL Server',
      summary: 'SQL Server scripts; SQL Server training',
    });
    const long = ['One', 'Two', 'Three'].map((name) => `### ${name}\n\n${'- a point\n'.repeat(8)}`);
    assert.deepEqual(overviewServices(long.join('\n\n')), []);
  });

  it("reads the home page's section on services up to the next heading as high", () => {
    const home = `# Welcome\n\nText.\n\n## Our Services\n\nAll remote.\n\n${cards('####', ['Audits', 'Apps', 'Support'])}\n\n## Newsletter\n\n#### Join\n\nNow.`;
    assert.deepEqual(
      overviewServices(servicesSection(home)).map((service) => service.slug),
      ['audits', 'apps', 'support'],
    );
    assert.equal(servicesSection('# Welcome\n\n## Our work\n\nText.'), '');
  });
});
