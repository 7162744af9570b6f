// `npx agentsite …` as a shell runs it: a child process of the CLI's own entry, with only PATH in its
// environment unless a test gives more, and its exit code, stdout and stderr whatever the code.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/agentsite.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `agentsite <args>` and resolves with how it ended (never rejects). */
export function runAgentsite(
  args: string[],
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' },
): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
