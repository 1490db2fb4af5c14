import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { GATEWAY_OPS_PORT, GATEWAY_PORT, serviceRegistry } from '@beatmatch/contracts';

/**
 * The Prometheus scrape config (deploy/prometheus/prometheus.yml) scrapes the ops listener of every
 * process of the distributed profile, as the registry places them, and no port is used twice.
 */
const deployPrometheus = path.join(__dirname, '..', '..', 'deploy', 'prometheus');
interface ScrapeConfig {
  rule_files: string[];
  scrape_configs: Array<{ static_configs: Array<{ targets: string[]; labels: { process: string } }> }>;
}
const read = (file: string) => parse(readFileSync(path.join(deployPrometheus, file), 'utf8')) as ScrapeConfig;
const config = read('prometheus.yml');
/** compose.yaml and deploy/k8s: each process by its service name. */
const containers = read('prometheus.containers.yml');
const targetsOf = (scrape: ScrapeConfig) =>
  Object.fromEntries(
    scrape.scrape_configs
      .flatMap((job) => job.static_configs)
      .flatMap(({ targets, labels }) => targets.map((target) => [labels.process, target])),
  );
const opsPorts = {
  gateway: GATEWAY_OPS_PORT,
  ...Object.fromEntries(serviceRegistry.map((s) => [s.name, s.opsPort])),
};

it('scrapes every process of the distributed profile on its own ops port', () => {
  expect(targetsOf(config)).toEqual(
    Object.fromEntries(Object.entries(opsPorts).map(([name, port]) => [name, `127.0.0.1:${port}`])),
  );
});

it('scrapes every container of compose and k8s by its service name on its own ops port', () => {
  expect(targetsOf(containers)).toEqual(
    Object.fromEntries(Object.entries(opsPorts).map(([name, port]) => [name, `${name}:${port}`])),
  );
  expect(containers.rule_files).toEqual(config.rule_files);
});

it('gives no two listeners the same port, and loads the alert rules beside it', () => {
  const ports = [GATEWAY_PORT, ...serviceRegistry.map((s) => s.port), ...Object.values(opsPorts)];
  expect(new Set(ports).size).toBe(ports.length);
  for (const file of config.rule_files)
    expect(() => readFileSync(path.join(deployPrometheus, file), 'utf8')).not.toThrow();
});
