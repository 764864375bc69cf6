// `proxy`: put it between a client and a real backend; every answer that
// breaks the contract is logged, kept at /__admin/violations, and counted when
// it stops (exit 1 if there was any). Its admin token, the contract it judges
// by (--contract, a branch's) and the cap on what it reads of an answer come
// from the settings table (src/cli/settings.ts).
import { Option, type Command } from 'commander';
import { judgesTheClient } from '../../verify/checks/catalogue.js';
import { KEPT_CAUSES } from '../../verify/findings.js';
import { jsonText } from '../../untrusted/json.js';
import { printable } from '../../untrusted/printable.js';
import { exitOnStartFailure } from '../exits.js';
import type { Thresholds } from '../../coverage/gate.js';
import { failUnderOption } from '../failUnder.js';
import { givenContract } from '../givenContract.js';
import { createLogger } from '../logger.js';
import { ADMIN_RISK, openAdminProblem } from '../../http/openAdmin.js';
import { PROXY_SETTINGS } from '../commandSettings.js';
import { addToolSettings } from '../toolSettings.js';
import { usageError } from '../usage.js';
import { bounded, closeOnSignals, httpUrl, parsePort, reportFile } from './options.js';

interface ProxyFlags {
  upstream: string;
  port: number;
  host: string;
  strict: boolean;
  fallback?: 'reference' | 'prism';
  keys?: string;
  timeout: number;
  junit?: string;
  report?: string;
  markdown?: string;
  json?: string;
  journal?: string;
  failUnder?: Thresholds;
  quiet?: boolean;
  logFormat?: 'pretty' | 'json';
}

export function addProxyCommand(program: Command): void {
  const command = program
    .command('proxy')
    .description('forward to a real backend and check every request and answer against the contract')
    .requiredOption('--upstream <url>', "the backend's address, ending in /api", httpUrl)
    .addOption(new Option('-p, --port <number>', 'port to listen on').default(4012).argParser(parsePort))
    .addOption(new Option('--host <address>', 'address to bind').default('127.0.0.1'))
    .option('--strict', 'replace an answer that breaks the contract with a 502 problem naming the violation', false)
    .addOption(
      new Option(
        '--fallback <executor>',
        'serve what the upstream answers 404 or 501 with the reference handlers or Prism',
      ).choices(['reference', 'prism']),
    )
    .addOption(
      new Option(
        '-k, --keys <file>',
        "the fallback's keys file (without it, any well-formed key is let in, each its own account)",
      ).env('KEYS_FILE'),
    )
    .addOption(
      new Option('--timeout <seconds>', 'give up an upstream request after this long')
        .default(30)
        .argParser(bounded('--timeout', 'seconds', 0.001, 86_400)),
    )
    .option('--junit <file>', 'on shutdown, write what was seen as JUnit XML (one test case per check and operation)')
    .addOption(
      new Option(
        '--report <file>',
        'on shutdown, write a coverage report, as Markdown (.md) or HTML (.html)',
      ).argParser(reportFile),
    )
    .option(
      '--markdown <file>',
      'on shutdown, write a short Markdown summary: the verdict, the counts, each violation with a curl replay',
    )
    .option('--json <file>', 'on shutdown, write what was seen as JSON')
    .option('--journal <file>', 'on shutdown, write what the traffic exercised as a coverage journal')
    .addOption(failUnderOption())
    .option('-q, --quiet', 'log nothing')
    .addOption(
      new Option('--log-format <format>', 'one line per request (pretty) or JSON lines (default: pretty on a terminal)')
        .choices(['pretty', 'json'])
        .env('LOG_FORMAT'),
    );
  const settingsOf = addToolSettings(command, PROXY_SETTINGS);
  command.action(async (flags: ProxyFlags & Record<string, unknown>, self: Command) => {
    const started = Date.now();
    const settings = settingsOf(flags, self);
    const open = openAdminProblem(flags.host, settings.adminToken, ADMIN_RISK.traffic);
    if (open) usageError(`${open} (--admin-token)`);
    const given = await givenContract(settings);
    const { runProxy } = await import('../../proxy/runProxy.js');
    const { readKeysFile } = await import('../../state/keysFile.js');
    const proxy = await runProxy({
      upstream: flags.upstream,
      port: flags.port,
      host: flags.host,
      strict: flags.strict,
      fallback: flags.fallback,
      keys: flags.keys === undefined ? undefined : readKeysFile(flags.keys),
      timeoutMs: flags.timeout * 1000,
      maxResponseBytes: settings.maxResponseBytes,
      contract: given?.contract,
      contractFile: given?.file,
      adminToken: settings.adminToken,
      allowedHosts: settings.allowedHosts,
      logger: createLogger({
        quiet: flags.quiet ?? false,
        pretty: flags.logFormat === undefined ? undefined : flags.logFormat === 'pretty',
      }),
    }).catch((error: unknown) => exitOnStartFailure(error, 'the proxy', flags));
    // Before the banner: whoever waits for the ready line may signal at once.
    closeOnSignals(async () => {
      await proxy.close();
      const traffic = proxy.report();
      // The gate is part of the verdict: every report below says traffic that missed it failed, and why.
      const gate = await (
        await import('../coverageOutput.js')
      ).judgeRun(given?.contract, traffic.journal, flags, started);
      const report = gate ? { ...traffic, gate: gate.summary } : traffic;
      if (flags.junit)
        (await import('../../verify/report/junit.js')).writeJUnit(
          report,
          flags.junit,
          `Chatbot API contract, proxied: ${flags.upstream}`,
        );
      if (flags.json)
        (await import('../../verify/report/write.js')).writeReport(
          flags.json,
          `${jsonText(report)}\n`,
          report.failures,
        );
      if (flags.report) {
        const { writeCoverageReport } = await import('../../verify/report/coverageReport.js');
        writeCoverageReport(report, flags.report);
      }
      if (flags.markdown) (await import('../../verify/report/summary.js')).writeSummaryMarkdown(report, flags.markdown);
      const distinct = report.failures.filter((failure) => !judgesTheClient(failure.check)).length;
      const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      console.log(
        `proxy: ${count(report.requests, 'request', 'requests')} checked, ` +
          `${count(report.violations, 'contract violation', 'contract violations')} by the upstream (${distinct} ` +
          `distinct), ${count(report.requestViolations, 'request', 'requests')} that broke the contract` +
          (report.unlistedFailures > 0
            ? `; ${report.unlistedFailures} more ${report.unlistedFailures === 1 ? 'failure' : 'failures'}, of ` +
              `causes past the first ${KEPT_CAUSES}, not listed`
            : ''),
      );
      if (gate) process.stdout.write(`\n${gate.text}`);
      process.exitCode = report.violations > 0 || gate?.summary.passed === false ? 1 : 0;
    });
    console.log(
      [
        ...(settings.configFile ? [`Settings from ${settings.configFile}`] : []),
        `Contract proxy listening on ${proxy.url}`,
        `Forwarding to ${flags.upstream}, checking every request and answer against the contract` +
          (given ? ` in ${printable(given.file)}.` : '.'),
        (flags.strict
          ? 'An answer that breaks the contract becomes a 502 problem.'
          : 'An answer that breaks the contract passes, marked with an sl-violations header.') +
          (flags.fallback
            ? ' What the upstream answers 404 or 501 is served by ' +
              `${flags.fallback === 'reference' ? 'the reference handlers' : 'Prism'}.`
            : ''),
        `Violations so far: ${proxy.url.replace(/\/api$/, '')}/__admin/violations` +
          (settings.adminToken ? '  (admin token required)' : ''),
        '',
      ].join('\n'),
    );
  });
}
