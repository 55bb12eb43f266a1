import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** .env.example lists every setting of the README's table with its default, and `npm start` reads `.env`. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const readmeVariables = () =>
  readFileSync(path.join(root, 'README.md'), 'utf8')
    .split('\n')
    .filter((line) => /^\| `[A-Z0-9_]+`/.test(line))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1]!));

describe('.env.example', () => {
  const example = readFileSync(path.join(root, '.env.example'), 'utf8');
  const listed = [...example.matchAll(/^# ([A-Z0-9_]+)=(.*)$/gm)].map((match) => match[1]!);

  it('lists every variable of the README, and no other', () => {
    const documented = readmeVariables();
    expect(documented.length).toBeGreaterThan(40);
    expect([...listed].sort()).toEqual([...documented].sort());
  });

  it('changes nothing when copied unedited: every setting is commented out', () => {
    for (const line of example.split('\n')) expect(line === '' || line.startsWith('#'), line).toBe(true);
  });

  it('gives the default the README gives, where the default is a value', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/\| `PORT`\s+\| `8080`/);
    expect(example).toMatch(/^# PORT=8080$/m);
    expect(example).toMatch(/^# LOG_LEVEL=info$/m);
  });
});

describe('.env', () => {
  it('is read into the environment, where a variable already set wins', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'selah-env-'));
    try {
      writeFileSync(path.join(folder, '.env'), 'LOG_LEVEL=debug\nPORT=9999 # a comment\n');
      const script = `const { loadEnv } = await import(${JSON.stringify(path.join(root, 'scripts/load-env.mjs'))}); loadEnv(${JSON.stringify(folder)}); console.log(process.env.LOG_LEVEL, process.env.PORT);`;
      const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
      delete env.PORT;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' });
      expect(out.trim()).toBe('warn 9999');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('that cannot be read stops the start with one line saying why', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'selah-env-'));
    try {
      mkdirSync(path.join(folder, '.env'));
      const script = `const { loadEnv } = await import(${JSON.stringify(path.join(root, 'scripts/load-env.mjs'))}); loadEnv(${JSON.stringify(folder)});`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain('Could not read');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
