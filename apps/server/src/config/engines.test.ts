import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// README and `engines` promise a Node.js version; `npm install` on it must print no engine warning.
// npm warns for every installed package whose own `engines.node` the running Node does not satisfy,
// so the promise holds when the lowest promised version satisfies every locked package's range.
const root = JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(fs.readFileSync(new URL('../../../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }>;
};
const readme = fs.readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

describe('the promised Node.js version', () => {
  const lowest = semver.minVersion(root.engines.node);

  it('is the one README names', () => {
    expect(lowest?.version).toBeDefined();
    const [major, minor] = (lowest?.version ?? '').split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('satisfies the engines range of every locked package, so npm install warns of none', () => {
    const unmet = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (range === undefined || lowest === null) {
          return [];
        }
        return semver.satisfies(lowest, range) ? [] : [`${where}@${entry.version ?? '?'} needs node ${range}`];
      });
    expect(unmet).toEqual([]);
  });
});
