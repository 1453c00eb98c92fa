/**
 * The 2-page printable lab report that the tests and `npm run bench:report-pdf` render (issue 11
 * 'Tests that must exist' and 'Benchmark'): a full blood count with groups and critical values, a
 * urine culture's antibiogram, notes, and the organization's header, footer and signature images.
 * Not used by the server itself.
 */
import { deflateSync } from 'node:zlib';
import type { PrintReport, PrintReportResult } from '@careline/domain/lab-reports';
import type { LabReportPdfInput } from './lab-report-pdf.ts';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG image painted by `pixel` (RGB, or RGBA when `alpha`), like the letterhead, footer and
 * signature scans a hospital uploads.
 * @param width - pixels
 * @param height - pixels
 * @param pixel - the colour of (x, y): [r, g, b] or [r, g, b, a]
 * @param alpha - whether the image has an alpha channel
 */
export function samplePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly number[],
  alpha = false,
): Buffer {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    const start = y * (width * channels + 1);
    raw[start] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const colour = pixel(x, y);
      for (let c = 0; c < channels; c++) {
        raw[start + 1 + x * channels + c] = colour[c] ?? 255;
      }
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = alpha ? 6 : 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A letterhead band: teal with a darker stripe (1240 by 180 px, 150 dpi across A4's width). */
export const SAMPLE_HEADER_IMAGE = samplePng(1240, 180, (x, y) =>
  y > 150 ? [0, 90, 100] : [20 + Math.round((x / 1240) * 40), 150, 160],
);
/** A footer band (1240 by 100 px). */
export const SAMPLE_FOOTER_IMAGE = samplePng(1240, 100, (_x, y) =>
  y < 8 ? [0, 90, 100] : [225, 240, 242],
);
/** A signature scan with a transparent background (300 by 100 px). */
export const SAMPLE_SIGNATURE_IMAGE = samplePng(
  300,
  100,
  (x, y) =>
    Math.abs(y - 50 - Math.round(25 * Math.sin(x / 18))) < 3
      ? [10, 20, 120, 255]
      : [255, 255, 255, 0],
  true,
);

/** The full blood count's sub-tests: [name, result, unit, range, classification, critical]. */
const FULL_BLOOD_COUNT: [string, string, string, string, string, boolean][] = [
  ['Haemoglobin', '6.8', 'g/dL', '11.5 - 16.5', 'RED CELLS', true],
  ['Red Blood Cells', '3.10', '10^12/L', '3.8 - 5.8', 'RED CELLS', false],
  ['Packed Cell Volume (PCV)', '24.1', '%', '37 - 47', 'RED CELLS', false],
  ['Mean Corpuscular Volume (MCV)', '77.7', 'fL', '76 - 96', 'RED CELLS', false],
  ['Mean Corpuscular Haemoglobin (MCH)', '21.9', 'pg', '27 - 32', 'RED CELLS', false],
  [
    'Mean Corpuscular Haemoglobin Concentration (MCHC)',
    '28.2',
    'g/dL',
    '30 - 35',
    'RED CELLS',
    false,
  ],
  ['Red Cell Distribution Width (RDW-CV)', '16.4', '%', '11.5 - 14.5', 'RED CELLS', false],
  ['White Blood Cells', '18.9', '10^9/L', '4.0 - 11.0', 'WHITE CELLS', true],
  ['Neutrophils', '82', '%', '40 - 75', 'WHITE CELLS', false],
  ['Lymphocytes', '11', '%', '20 - 45', 'WHITE CELLS', false],
  ['Monocytes', '5', '%', '2 - 10', 'WHITE CELLS', false],
  ['Eosinophils', '2', '%', '1 - 6', 'WHITE CELLS', false],
  ['Basophils', '0', '%', '0 - 1', 'WHITE CELLS', false],
  ['Absolute Neutrophil Count', '15.50', '10^9/L', '2.0 - 7.5', 'WHITE CELLS', false],
  ['Absolute Lymphocyte Count', '2.08', '10^9/L', '1.5 - 4.0', 'WHITE CELLS', false],
  ['Platelets', '32', '10^9/L', '150 - 450', 'PLATELETS', true],
  ['Mean Platelet Volume (MPV)', '11.8', 'fL', '7.4 - 10.4', 'PLATELETS', false],
  ['Plateletcrit (PCT)', '0.04', '%', '0.15 - 0.40', 'PLATELETS', false],
  ['Erythrocyte Sedimentation Rate (ESR)', '64', 'mm/1st hr', '< 20', 'OTHER', false],
  [
    'Blood Picture Comment',
    'Microcytic hypochromic red cells with neutrophil leucocytosis',
    '',
    '',
    'OTHER',
    false,
  ],
];

const ANTIBIOTICS: [string, string][] = [
  ['Amikacin', 'Sensitive'],
  ['Amoxicillin / Clavulanic acid', 'Resistant'],
  ['Ampicillin', 'Resistant'],
  ['Cefotaxime', 'Sensitive'],
  ['Ceftriaxone', 'Sensitive'],
  ['Cefuroxime', 'Intermediate'],
  ['Ciprofloxacin', 'Resistant'],
  ['Co-trimoxazole', 'Resistant'],
  ['Gentamicin', 'Sensitive'],
  ['Imipenem', 'Sensitive'],
  ['Meropenem', 'Sensitive'],
  ['Nalidixic acid', 'Resistant'],
  ['Nitrofurantoin', 'Sensitive'],
  ['Piperacillin / Tazobactam', 'Sensitive'],
];

/** The sample report's results: the full blood count, then an organism and its antibiotics. */
function sampleResults(): PrintReportResult[] {
  const tests = FULL_BLOOD_COUNT.map(
    ([name, result, unit, defaultRange, subTestClassification, critical], index) => ({
      name,
      result,
      unit,
      defaultRange,
      critical,
      status: 'final',
      parameterOrder: index + 1,
      subTestClassification,
    }),
  );
  const organism: PrintReportResult = {
    name: 'Escherichia coli',
    result: 'Colony count > 10^5 CFU/mL',
    category: 'organism',
    definitionId: 'org-ecoli',
    status: 'final',
    parameterOrder: 1,
    comment: 'Extended-spectrum beta-lactamase (ESBL) producer not detected.',
  };
  const antibiotics = ANTIBIOTICS.map(([name, result], index): PrintReportResult => ({
    name,
    result,
    category: 'antibiotic',
    organismDefinitionId: 'org-ecoli',
    definitionId: `abx-${String(index + 1)}`,
    status: 'final',
    parameterOrder: index + 1,
    critical: result === 'Resistant' && name === 'Ciprofloxacin',
  }));
  return [...tests, organism, ...antibiotics];
}

/**
 * The sample report (spec doc 3 §3 Print report) with its images: 2 A4 pages.
 * @param overrides - fields of the print report to change, e.g. summaryStatus or the patient
 */
export function sampleLabReportInput(overrides: Partial<PrintReport> = {}): LabReportPdfInput {
  const report: PrintReport = {
    patient: {
      name: 'Nimal Perera',
      identifier: 'CL-000482',
      birthday: '1984-03-15',
      gender: 'M',
      nic: '198407501234',
    },
    extInvoiceIdentifier: 'EXT-88120',
    invoiceIdentifier: 'INV-2026-004512',
    encounterIdentifier: 'ENC-30918',
    referralPractitioner: 'Dr. Kamala Jayasinghe',
    selfRequest: false,
    referralOrganization: 'Careline Central Hospital',
    specimenCollectedTime: '2026-11-24T02:40:00Z',
    specimenReceivedTime: '2026-11-24T03:05:00Z',
    reportedTime: '2026-11-24T06:20:00Z',
    organizationName: 'Careline Central Hospital',
    location: 'Colombo 10 Collection Center',
    department: 'Haematology and Microbiology',
    reportName: 'Full Blood Count and Urine Culture',
    summaryStatus: 'issued',
    text: {
      div: '<div><p>Severe anaemia and thrombocytopenia: values phoned to the ward at 11:40 AM.</p><p>Please correlate clinically &amp; repeat the full blood count in 48 hours.</p></div>',
    },
    userProfileUrl: 'https://files.example/signatures/tech-17.png',
    organizationId: 'org-1',
    results: sampleResults(),
    ...overrides,
  };
  return {
    report,
    headerImage: SAMPLE_HEADER_IMAGE,
    footerImage: SAMPLE_FOOTER_IMAGE,
    signatureImage: SAMPLE_SIGNATURE_IMAGE,
    reportedBy: 'S. Fernando',
    timeZone: 'Asia/Colombo',
  };
}
