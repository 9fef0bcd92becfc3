/**
 * The alerts (deploy/prometheus/alerts.yml) checked by Prometheus' own tool: `promtool check
 * rules` (syntax, expressions) and `promtool test rules` (each alert fired by one series and
 * left quiet by another, deploy/prometheus/alerts.test.yml); compose's Prometheus
 * configuration by `promtool check config`; the Grafana dashboard's queries. promtool comes with Debian's
 * `prometheus` package, which .ci/run installs; without it this suite says so in its name and
 * is skipped. Also checked: every metric an alert reads is one the API exposes, and every
 * alert has its runbook section in docs/deploy.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../lib/metrics.js';

const DIR = fileURLToPath(new URL('../../../../deploy/prometheus/', import.meta.url));
const DEPLOY_DOC = fileURLToPath(new URL('../../../../docs/deploy.md', import.meta.url));
const DASHBOARD = fileURLToPath(new URL('../../../../deploy/grafana/jsbn.json', import.meta.url));
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
const alerts = readFileSync(`${DIR}alerts.yml`, 'utf8');
const alertNames = [...alerts.matchAll(/^\s+- alert: (\w+)$/gm)].map((match) => match[1]!);

describe.skipIf(!hasPromtool)('the alerts, by promtool (needs promtool: apt-get install prometheus)', () => {
  it('pass promtool check rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', 'alerts.yml'], { cwd: DIR, encoding: 'utf8' });
    expect(out).toContain(`SUCCESS: ${alertNames.length} rules found`);
  });

  it("pass promtool check config with compose's Prometheus settings (both copies, these alerts)", () => {
    const out = execFileSync('promtool', ['check', 'config', 'prometheus.yml'], { cwd: DIR, encoding: 'utf8' });
    expect(out).toContain('SUCCESS: prometheus.yml is valid prometheus config file syntax');
    expect(readFileSync(`${DIR}prometheus.yml`, 'utf8')).toContain("targets: ['api1:9464', 'api2:9464']");
  });

  it('pass promtool test rules: each fired by one series and not by another', () => {
    const run = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: DIR, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status).toBe(0);
  });
});

describe('the alerts and what they read', () => {
  it('has each of the eight alerts tested both ways', () => {
    expect(alertNames).toEqual([
      'JsbnEmailFailed',
      'JsbnEmailStuck',
      'JsbnQueueStuck',
      'JsbnServerErrors',
      'JsbnQrPageSlow',
      'JsbnDatabasePoolExhausted',
      'JsbnEventLoopLag',
      'JsbnCopyDown',
    ]);
    const tests = readFileSync(`${DIR}alerts.test.yml`, 'utf8');
    for (const name of alertNames) {
      const cases = [...tests.matchAll(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:( \\[\\])?`, 'g'))].map((match) =>
        match[1] ? 'quiet' : 'fires',
      );
      expect(cases.sort(), name).toEqual(['fires', 'quiet']);
    }
  });

  it('reads only metrics the API exposes', async () => {
    const exposed = await new Metrics().text();
    // every series an expression reads is written with its label matchers
    const read = new Set([...alerts.matchAll(/\b((?:jsbn|nodejs)_[a-z0-9_]+)\{/g)].map((match) => match[1]!));
    expect(read.size).toBeGreaterThan(5);
    for (const name of read) expect(exposed, name).toMatch(new RegExp(`^# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `, 'm'));
  });

  it('has a dashboard whose every query reads metrics the API exposes, from the provisioned Prometheus', async () => {
    const exposed = `${await new Metrics().text()}\n# TYPE up gauge`;
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
      uid: string;
      panels: { type: string; datasource?: { uid: string }; targets?: { expr: string }[] }[];
    };
    expect(dashboard.uid).toBe('jsbn');
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row');
    expect(graphs.length).toBeGreaterThanOrEqual(20);
    for (const panel of graphs) {
      expect(panel.datasource?.uid).toBe('prometheus');
      for (const { expr } of panel.targets ?? []) {
        for (const [, name] of expr.matchAll(/\b([a-z_]+)\{/g))
          expect(exposed, `${name} in ${expr}`).toMatch(new RegExp(`^# TYPE ${name!.replace(/_(bucket|count|sum)$/, '')} `, 'm'));
      }
    }
  });

  it('has a runbook for every alert in docs/deploy.md', () => {
    const doc = readFileSync(DEPLOY_DOC, 'utf8');
    for (const name of alertNames) expect(doc, name).toMatch(new RegExp(`^#### ${name}$`, 'm'));
  });
});
