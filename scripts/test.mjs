// `npm test`: type check, lint, unit, integration (PGlite, then PostgreSQL when DATABASE_URL is set)
// and browser tests, in that order. Stops at the first failing stage (unless --keep-going), always
// prints a summary, and ends with one plain line `tests: N passed, N failed, N skipped`.
//
//   npm test                      every stage
//   npm test -- unit int          only these stages (typecheck, lint, unit, int, e2e)
//   npm test -- --keep-going      run the later stages even after a failure
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootDir } from './web-build.mjs';

const args = process.argv.slice(2);
const keepGoing = args.includes('--keep-going');
const allStages = ['typecheck', 'lint', 'unit', 'int', 'e2e'];
const chosen = args.filter((arg) => !arg.startsWith('--'));
for (const name of chosen) {
  if (!allStages.includes(name)) {
    console.error(`unknown stage '${name}': choose from ${allStages.join(', ')}`);
    process.exit(2);
  }
}
const wanted = (name) => chosen.length === 0 || chosen.includes(name);

const inCi = process.env.CI === 'true' || process.env.CI === '1';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-test-'));
const vitestBin = path.join(rootDir, 'node_modules/.bin/vitest');

/** postgres://user:secret@host/db → postgres://user:***@host/db, for printing. */
function describeDatabaseUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

function run(command, commandArgs, env, output, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: rootDir,
      stdio: output ? ['inherit', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    if (output) {
      // Shown as it comes (unless quiet: the caller prints it), and kept so the caller can read what went wrong.
      child.stdout.on('data', (chunk) => {
        if (!quiet) {
          process.stdout.write(chunk);
        }
        output.text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        if (!quiet) {
          process.stderr.write(chunk);
        }
        output.text += chunk;
      });
    }
    child.on('error', (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Vitest gives a worker 60 s to start, hard-coded; on an overloaded shared machine it can miss that.
// Such a run failed no test: it is run once more, loudly. A failing test is never retried.
const workerStartFailure = /\[vitest-pool(?:-runner)?\]: (?:Timeout waiting for worker to respond|Timeout starting|Failed to start)/;

function banner(text) {
  const line = '='.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function environmentWithout(keys) {
  const env = { ...process.env };
  for (const key of keys) {
    delete env[key];
  }
  return env;
}

/** A stage that is a plain command: it counts as one check, passed or failed. */
function commandStage(name, label, command, commandArgs) {
  return {
    name,
    label,
    command,
    commandArgs,
    run: async () => {
      const code = await run(command, commandArgs, process.env);
      return { ok: code === 0, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: code === 0 ? '' : `exit ${code}` };
    },
  };
}

/** A vitest project run, counted from its JSON report. */
function vitestStage(name, label, project, env) {
  return {
    name,
    label,
    run: async () => {
      const reportFile = path.join(reportDir, `${label.replace(/[^a-z0-9]+/gi, '-')}.json`);
      const attempt = async () => {
        const output = { text: '' };
        const exitCode = await run(
          vitestBin,
          [
            'run',
            '--project',
            project,
            '--passWithNoTests',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${reportFile}`,
          ],
          env,
          output,
        );
        let parsed;
        try {
          parsed = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
        } catch {
          parsed = undefined;
        }
        return { exitCode, parsed, output: output.text };
      };
      let { exitCode: code, parsed: report, output } = await attempt();
      let retried = false;
      if (code !== 0 && (report?.numFailedTests ?? 0) === 0 && workerStartFailure.test(output)) {
        retried = true;
        banner(`${label}: a vitest worker did not start in time (machine overloaded); running the stage once more`);
        lateWarnings.push(`${label} was run twice: its first run could not start a vitest worker in time.`);
        ({ exitCode: code, parsed: report } = await attempt());
      }
      const passed = report?.numPassedTests ?? 0;
      const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
      let failed = report?.numFailedTests ?? 0;
      let note = retried ? 'second run' : '';
      // A file that fails to load, an error outside any test or a crash fails the run without failing a test.
      if (code !== 0 && failed === 0) {
        failed = 1;
        note = report ? 'errors outside tests (see above)' : `vitest exited ${code} without a report`;
      }
      return { ok: code === 0, passed, failed, skipped, note };
    },
  };
}

/**
 * Stages that each use one core (tsc, eslint), run side by side on a multi-core machine: each one's
 * output is held and printed whole when it ends, so the two never interleave.
 */
function sideBySide(first, second) {
  return {
    name: first.name,
    label: `${first.label} and ${second.label}, side by side`,
    parts: [first, second],
    run: async () => {
      const outcomes = await Promise.all(
        [first, second].map(async (part) => {
          const output = { text: '' };
          const started = Date.now();
          const code = await run(part.command, part.commandArgs, process.env, output, { quiet: true });
          return { part, code, output: output.text, seconds: (Date.now() - started) / 1000 };
        }),
      );
      for (const { part, code, output, seconds } of outcomes) {
        banner(`${part.label}: ${code === 0 ? 'ok' : `exit ${code}`} in ${seconds.toFixed(1)} s`);
        process.stdout.write(output);
      }
      return outcomes.map(({ code, seconds }) => ({
        ok: code === 0,
        passed: 0,
        failed: code === 0 ? 0 : 1,
        skipped: 0,
        note: code === 0 ? '' : `exit ${code}`,
        seconds,
      }));
    },
  };
}

const stages = [];
// Printed again just above the closing line, where nobody can miss them.
const lateWarnings = [];
const typecheck = commandStage('typecheck', 'type check', 'npm', ['run', '--silent', 'typecheck']);
const lint = commandStage('lint', 'lint', 'npm', ['run', '--silent', 'lint']);
if (wanted('typecheck') && wanted('lint') && os.availableParallelism() > 1) {
  stages.push(sideBySide(typecheck, lint));
} else {
  if (wanted('typecheck')) {
    stages.push(typecheck);
  }
  if (wanted('lint')) {
    stages.push(lint);
  }
}
if (wanted('unit')) {
  // unit and unit-mocking (the files that vi.mock a module, isolated) in one run and report.
  stages.push(vitestStage('unit', 'unit', 'unit*', process.env));
}
if (wanted('int')) {
  stages.push(vitestStage('int', 'integration on PGlite (in memory)', 'int', environmentWithout(['DATABASE_URL'])));
  if (process.env.DATABASE_URL) {
    stages.push(vitestStage('int', `integration on ${describeDatabaseUrl(process.env.DATABASE_URL)}`, 'int', process.env));
  }
}
if (wanted('e2e')) {
  const browserFound = (() => {
    try {
      fs.accessSync(chromiumPath, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  })();
  const database = process.env.DATABASE_URL ? describeDatabaseUrl(process.env.DATABASE_URL) : 'PGlite';
  if (browserFound) {
    // Both browser projects (e2e, two files at a time, then e2e-serial) in one vitest run and report.
    stages.push(vitestStage('e2e', `browser (Chromium, server on ${database})`, 'e2e*', process.env));
  } else if (inCi) {
    stages.push({
      name: 'e2e',
      label: 'browser',
      run: async () => {
        console.log(`\nCI=true but no browser at ${chromiumPath}: browser tests cannot run, failing the run.`);
        console.log('Install Debian chromium (apt-get install -y chromium) or set CHROMIUM_PATH.');
        return { ok: false, passed: 0, failed: 1, skipped: 0, note: `no browser at ${chromiumPath}` };
      },
    });
  } else {
    stages.push({
      name: 'e2e',
      label: 'browser',
      run: async () => {
        const warning = [
          '',
          '!'.repeat(78),
          '!!  BROWSER TESTS SKIPPED: no Chromium at ' + chromiumPath,
          '!!',
          '!!  The browser journeys (apps/web/e2e) did NOT run, so the web app is untested.',
          '!!  Install it with:   sudo apt-get install -y chromium',
          '!!  or point CHROMIUM_PATH at a Chromium/Chrome binary, then run npm test again.',
          '!!  (In CI, with CI=true, a missing browser fails the run.)',
          '!'.repeat(78),
          '',
        ];
        console.log(warning.join('\n'));
        lateWarnings.push(`!! Browser tests were SKIPPED: no Chromium at ${chromiumPath} (apt-get install -y chromium).`);
        return { ok: true, passed: 0, failed: 0, skipped: 0, note: 'SKIPPED: no browser', skippedStage: true };
      },
    });
  }
}

const results = [];
let stopped = false;
for (const stage of stages) {
  if (stopped) {
    for (const part of stage.parts ?? [stage]) {
      results.push({ stage: part, result: undefined, seconds: 0 });
    }
    continue;
  }
  banner(`${stage.label}`);
  const started = Date.now();
  const result = await stage.run();
  // A side-by-side stage answers one result per part, each with its own time.
  const parts = stage.parts ? stage.parts.map((part, index) => ({ stage: part, result: result[index] })) : [{ stage, result }];
  for (const part of parts) {
    results.push({ ...part, seconds: part.result.seconds ?? (Date.now() - started) / 1000 });
  }
  if (parts.some((part) => !part.result.ok) && !keepGoing) {
    stopped = true;
  }
}
fs.rmSync(reportDir, { recursive: true, force: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log('\nSummary');
for (const { stage, result, seconds } of results) {
  if (!result) {
    console.log(`  -     ${stage.label.padEnd(56)} not run (an earlier stage failed)`);
    continue;
  }
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  const mark = result.skippedStage ? 'SKIP' : result.ok ? 'ok  ' : 'FAIL';
  const counts = stage.name === 'typecheck' || stage.name === 'lint' ? '' : `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`;
  const note = result.note ? ` (${result.note})` : '';
  console.log(`  ${mark}  ${stage.label.padEnd(56)} ${counts}${note}  ${seconds.toFixed(1)} s`);
}
for (const warning of lateWarnings) {
  console.log(warning);
}
const allOk = results.every(({ result }) => result?.ok === true);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(allOk ? 0 : 1);
