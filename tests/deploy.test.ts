/**
 * deploy/: the compose file, Dockerfile and Caddyfile that run several instances. They cannot be
 * started here, so they are read: every instance shares one database, one Redis and one signing
 * key, waits for both to be healthy, and sits behind the proxy; every setting they give is one
 * the server reads and the README documents; every path the image copies exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const compose = parse(readFileSync(root('deploy/docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: { context: string; dockerfile: string };
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
      volumes?: string[];
    }
  >;
};
const caddyfile = readFileSync(root('deploy/Caddyfile'), 'utf8');
const dockerfile = readFileSync(root('deploy/Dockerfile'), 'utf8');
const readme = readFileSync(root('README.md'), 'utf8');
const instances = Object.entries(compose.services).filter(([, s]) => s.build?.dockerfile === 'deploy/Dockerfile');

describe('deploy/docker-compose.yml', () => {
  it('runs two or more Sitewright instances sharing one PostgreSQL, one Redis and one signing key', () => {
    expect(instances.length).toBeGreaterThanOrEqual(2);
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(compose.services.redis?.image).toMatch(/^redis:\d+/);
    for (const [name, service] of instances) {
      const env = service.environment ?? {};
      expect(new URL((env.DATABASE_URL ?? '').replace(/\$\{[^}]+\}/g, 'x')).host, name).toBe('postgres:5432');
      expect(new URL(env.REDIS_URL ?? '').host, name).toBe('redis:6379');
      // Required, never defaulted: compose refuses to start without it.
      expect(env.SITEWRIGHT_SECRET, name).toMatch(/^\$\{SITEWRIGHT_SECRET:\?/);
      expect(env.TRUST_PROXY, name).toBe('1');
      expect(service.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      expect(service.build?.context, name).toBe('..');
    }
    const envs = instances.map(([, s]) => JSON.stringify(s.environment));
    expect(new Set(envs).size).toBe(1);
    // Uploaded files are on one volume that every instance mounts at DATA_DIR.
    const files = instances.map(([, s]) => s.volumes?.find((v) => v.endsWith(':/data')));
    expect(new Set(files).size).toBe(1);
    expect(files[0]).toBeDefined();
  });

  it('gives the instances only settings the server reads and the README documents', () => {
    const names = new Set([
      ...instances.flatMap(([, s]) => Object.keys(s.environment ?? {})),
      ...[...dockerfile.matchAll(/\b([A-Z_]+)=/g)].map((m) => m[1] as string),
    ]);
    const sources = [
      'cli/serve.ts',
      'runtime/services/index.ts',
      'runtime/services/mail.ts',
      'runtime/services/signing.ts',
      'runtime/payments/stripe-provider.ts',
    ]
      .map((f) => readFileSync(root(f), 'utf8'))
      .join('\n');
    for (const name of names) {
      expect(readme, name).toContain(`\`${name}\``);
      expect(sources.includes(`env.${name}`) || name === 'NODE_ENV', name).toBe(true);
    }
  });

  it('puts Caddy in front of every instance, at the port the image listens on', () => {
    expect(compose.services.caddy?.image).toMatch(/^caddy:2/);
    expect(compose.services.caddy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const port = /\bPORT=(\d+)/.exec(dockerfile)?.[1];
    const upstreams = /reverse_proxy ([^{\n]+)/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams?.sort()).toEqual(instances.map(([name]) => `${name}:${port}`).sort());
    expect(caddyfile).toContain('health_uri /robots.txt');
    // Certificates for sites' own domains only: Caddy asks an instance whether a host is one.
    expect(caddyfile).toMatch(new RegExp(`ask http://(${instances.map(([name]) => name).join('|')}):${port}/sitewright/domains`));
    expect(caddyfile).toMatch(/https:\/\/ \{\s*tls \{\s*on_demand\s*\}\s*import instances/);
  });

  it('builds an image from files that exist, and starts the server', () => {
    for (const [, from] of dockerfile.matchAll(/^COPY (.+) \S+$/gm))
      for (const path of (from as string).split(/\s+/)) expect(existsSync(root(path)), path).toBe(true);
    expect(dockerfile).toMatch(/^CMD \["node", "cli\/sitewright\.mjs", "start"\]$/m);
  });
});
