import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { overBudget, routeSizes, type BudgetChunk } from './route-budgets.ts';

// issue 33 §3: a route that grows past its budget fails the build with the route and the size.
const gzip = (code: string) => gzipSync(Buffer.from(code), { level: 9 }).length;
// Text that gzip cannot shrink much, so sizes are large enough to compare with a KB budget.
const noise = (seed: number, length: number) => {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += state.toString(36);
  }
  return text.slice(0, length);
};

const chunks: BudgetChunk[] = [
  { fileName: 'index.js', isEntry: true, imports: ['vendor.js'], moduleIds: ['/app/src/main.tsx'], code: noise(1, 4000) },
  { fileName: 'vendor.js', isEntry: false, imports: [], moduleIds: ['/app/node_modules/react/index.js'], code: noise(2, 3000) },
  { fileName: 'login.js', isEntry: false, imports: ['vendor.js'], moduleIds: ['/app/src/login.tsx'], code: noise(3, 1000) },
  { fileName: 'doctor.js', isEntry: false, imports: ['search.js'], moduleIds: ['/app/src/doctor.tsx'], code: noise(4, 2000) },
  { fileName: 'search.js', isEntry: false, imports: [], moduleIds: ['/app/src/search.ts'], code: noise(5, 2000) },
];

describe('route budgets', () => {
  it("counts a route's entry, its screen's chunk and their static imports, each file once", () => {
    const [login, doctor] = routeSizes(chunks, {
      '/login': { module: '/app/src/login.tsx', budgetKb: 50 },
      '/doctor': { module: '/app/src/doctor.tsx', budgetKb: 50 },
    });
    expect(login?.files.sort()).toEqual(['index.js', 'login.js', 'vendor.js']);
    expect(login?.gzipBytes).toBe(gzip(noise(1, 4000)) + gzip(noise(2, 3000)) + gzip(noise(3, 1000)));
    expect(doctor?.files.sort()).toEqual(['doctor.js', 'index.js', 'search.js', 'vendor.js']);
  });

  it('names the route over its budget, with its size and budget; the others pass', () => {
    const sizes = routeSizes(chunks, {
      '/login': { module: '/app/src/login.tsx', budgetKb: 50 },
      '/doctor': { module: '/app/src/doctor.tsx', budgetKb: 5 },
    });
    const doctorKb = Math.round(((sizes[1]?.gzipBytes ?? 0) / 1024) * 10) / 10;
    expect(doctorKb).toBeGreaterThan(5);
    expect(overBudget(sizes)).toEqual([
      expect.stringMatching(
        new RegExp(`^route /doctor needs ${doctorKb} KB of JavaScript \\(gzip\\), over its budget of 5 KB`),
      ),
    ]);
  });

  it('fails loudly for a route whose screen is in no chunk (a moved file must not pass unmeasured)', () => {
    expect(() => routeSizes(chunks, { '/gone': { module: '/app/src/gone.tsx', budgetKb: 50 } })).toThrow(
      /gone\.tsx \(for \/gone\) is in no chunk/,
    );
  });
});
