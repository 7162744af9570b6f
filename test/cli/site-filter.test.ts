// `agentsite enquiries` and `agentsite deliveries` with SITES_DIR and --site, as operators run them (a
// separate process on the same database): only the named site's rows, the site named by a host or by
// its folder; --site without SITES_DIR is refused and a site SITES_DIR does not hold is named.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { closeServices, type Services } from '../../src/app/services.ts';
import { addEnquiry, testServices } from '../delivery/fixture.ts';
import { addSite, makeSitesDir, siteFolders } from '../sites/sites-folder.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('enquiries and deliveries of one site', () => {
  let services: Services;
  let sitesDir: string;
  const references = { alpha: [] as string[], beta: [] as string[] };

  before(async () => {
    // No delivery worker runs: the deliveries stay pending, as the CLI lists them.
    services = await testServices();
    sitesDir = makeSitesDir();
    addSite(sitesDir, 'alpha', siteFolders.verto, 'hosts: [alpha.test]');
    addSite(sitesDir, 'beta', siteFolders.hafenwerk, 'hosts: [beta.test, www.beta.test]');
    for (const site of ['alpha', 'beta', 'beta'] as const)
      references[site].push(await addEnquiry(services, ['webhook'], { site }));
  });
  after(async () => {
    if (services) await closeServices(services);
  });

  async function cli(env: Record<string, string>, ...args: string[]) {
    const database = services.config.database;
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['bin/agentsite.js', ...args], {
        cwd: root,
        env: {
          ...process.env,
          LOG_LEVEL: 'silent',
          DATABASE_URL: database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url,
          ...env,
        },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      return error as { code: number; stdout: string; stderr: string };
    }
  }
  const listed = (stdout: string, field: string): string[] =>
    stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as Record<string, string>)[field]!)
      .sort();

  for (const command of ['enquiries', 'deliveries'] as const) {
    const field = command === 'enquiries' ? 'reference' : 'enquiry_reference';

    it(`lists with ${command} --site only the rows of the site a host or its folder names`, async () => {
      for (const [site, named] of [
        ['alpha', 'alpha.test'],
        ['beta', 'WWW.Beta.test'],
        ['beta', 'beta'],
      ] as const) {
        const { code, stdout } = await cli({ SITES_DIR: sitesDir }, command, '--site', named, '--json');
        assert.equal(code, 0);
        assert.deepEqual(listed(stdout, field), [...references[site]].sort(), `${command} --site ${named}`);
      }
      const every = await cli({ SITES_DIR: sitesDir }, command, '--json');
      assert.deepEqual(listed(every.stdout, field), [...references.alpha, ...references.beta].sort());
    });

    it(`shows in ${command}'s table whose each row is, with SITES_DIR`, async () => {
      const { code, stdout } = await cli({ SITES_DIR: sitesDir }, command);
      assert.equal(code, 0);
      const [header, ...lines] = stdout.trim().split('\n');
      assert.match(header!, /^site\s/);
      for (const site of ['alpha', 'beta'] as const)
        for (const reference of references[site])
          assert.ok(
            lines.some((line) => line.startsWith(`${site} `) && line.includes(reference)),
            `${command}: ${reference} shown as ${site}'s`,
          );
    });

    it(`refuses ${command} --site without SITES_DIR and names a site SITES_DIR does not hold`, async () => {
      const refused = await cli({}, command, '--site', 'alpha.test');
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /--site names a site of SITES_DIR, which is not set/);
      const unknown = await cli({ SITES_DIR: sitesDir }, command, '--site', 'gamma.test');
      assert.notEqual(unknown.code, 0);
      assert.match(unknown.stderr, /no site of .* names the host gamma\.test or has that folder/);
      assert.equal(unknown.stdout, '');
    });
  }
});
