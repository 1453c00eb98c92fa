// `npm run i18n:compile`: writes src/compiled/<locale>.ts from src/catalogues/<locale>.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { en } from '../src/catalogues/en.ts';
import { si } from '../src/catalogues/si.ts';
import { ta } from '../src/catalogues/ta.ts';
import { compileCatalogue, compiledModuleSource } from '../src/compile.ts';
import { staffEn } from '../src/staff/en.ts';
import { staffSi } from '../src/staff/si.ts';
import { staffTa } from '../src/staff/ta.ts';
import { consultationsEn } from '../src/consultations/en.ts';
import { consultationsSi } from '../src/consultations/si.ts';
import { consultationsTa } from '../src/consultations/ta.ts';
import type { Locale } from '../src/locales.ts';
import { ordersEn } from '../src/orders/en.ts';
import { ordersSi } from '../src/orders/si.ts';
import { ordersTa } from '../src/orders/ta.ts';
import { labReportsEn } from '../src/lab-reports/en.ts';
import { labReportsSi } from '../src/lab-reports/si.ts';
import { labReportsTa } from '../src/lab-reports/ta.ts';
import { videoEn } from '../src/video/en.ts';
import { videoSi } from '../src/video/si.ts';
import { videoTa } from '../src/video/ta.ts';

const srcDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
// The shared catalogue, the staff console's own (kept out of the patient app's bundle) and the patient
// app's consultation and order screens' (loaded with those screens, not with /login).
const sets: { dir: string; catalogues: Record<Locale, Record<string, string>> }[] = [
  { dir: 'compiled', catalogues: { en, si, ta } },
  { dir: 'staff/compiled', catalogues: { en: staffEn, si: staffSi, ta: staffTa } },
  {
    dir: 'consultations/compiled',
    catalogues: { en: consultationsEn, si: consultationsSi, ta: consultationsTa },
  },
  { dir: 'orders/compiled', catalogues: { en: ordersEn, si: ordersSi, ta: ordersTa } },
  {
    dir: 'lab-reports/compiled',
    catalogues: { en: labReportsEn, si: labReportsSi, ta: labReportsTa },
  },
  { dir: 'video/compiled', catalogues: { en: videoEn, si: videoSi, ta: videoTa } },
];

for (const { dir, catalogues } of sets) {
  const compiledDir = path.join(srcDir, dir);
  fs.mkdirSync(compiledDir, { recursive: true });
  for (const [locale, catalogue] of Object.entries(catalogues) as [
    Locale,
    Record<string, string>,
  ][]) {
    const file = path.join(compiledDir, `${locale}.ts`);
    fs.writeFileSync(file, compiledModuleSource(locale, compileCatalogue(catalogue)));
    console.log(
      `wrote ${path.relative(process.cwd(), file)} (${Object.keys(catalogue).length} messages)`,
    );
  }
}
