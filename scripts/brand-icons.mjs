#!/usr/bin/env node
// Draws each demo tenant's logo and icons (SVG, and the PNG sizes the web app manifest needs) from one
// description, so the SVG and the PNGs never disagree. No image library: a tiny rasteriser with 4×4
// supersampling and a PNG encoder on node:zlib. Run: node scripts/brand-icons.mjs (writes
// apps/web/public/brand/); the output is committed.
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/brand');

// Shapes in a 64×64 design space. Each knows its SVG and whether a point is inside it.
const roundRect = (x, y, w, h, r, fill) => ({
  svg: `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"/>`,
  fill,
  inside: (px, py) => {
    if (px < x || px > x + w || py < y || py > y + h) {
      return false;
    }
    const cx = Math.min(Math.max(px, x + r), x + w - r);
    const cy = Math.min(Math.max(py, y + r), y + h - r);
    return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
  },
});
const circle = (cx, cy, r, fill) => ({
  svg: `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/>`,
  fill,
  inside: (px, py) => (px - cx) ** 2 + (py - cy) ** 2 <= r * r,
});
const plus = (cx, cy, arm, half, fill) => {
  const a = [cx - half, cy - arm, cx + half, cy + arm];
  const b = [cx - arm, cy - half, cx + arm, cy + half];
  const d =
    `M${a[0]} ${a[1]}H${a[2]}V${b[1]}H${b[2]}V${b[3]}H${a[2]}V${a[3]}H${a[0]}V${b[3]}H${b[0]}V${b[1]}H${a[0]}Z`;
  return {
    svg: `<path d="${d}" fill="${fill}"/>`,
    fill,
    inside: (px, py) =>
      (px >= a[0] && px <= a[2] && py >= a[1] && py <= a[3]) ||
      (px >= b[0] && px <= b[2] && py >= b[1] && py <= b[3]),
  };
};
// A wave line: y = y0 + amp·sin(2π(x − x0)/period), drawn with round ends.
const wave = (x0, x1, y0, amp, period, width, fill) => {
  const f = (x) => y0 + amp * Math.sin((2 * Math.PI * (x - x0)) / period);
  const points = [];
  for (let x = x0; x <= x1 + 1e-9; x += 1) {
    points.push(`${x.toFixed(1)} ${f(x).toFixed(2)}`);
  }
  return {
    svg:
      `<path d="M${points.join('L')}" fill="none" stroke="${fill}" stroke-width="${width}" ` +
      'stroke-linecap="round" stroke-linejoin="round"/>',
    fill,
    inside: (px, py) => {
      const r = width / 2;
      let best = Infinity;
      for (let x = Math.max(x0, px - width); x <= Math.min(x1, px + width); x += 0.25) {
        best = Math.min(best, (px - x) ** 2 + (py - f(x)) ** 2);
      }
      return best <= r * r;
    },
  };
};

// Scales a shape about the centre (maskable icons keep their art inside the central 80% circle).
const scaled = (shape, factor) => ({
  svg: `<g transform="translate(32 32) scale(${factor}) translate(-32 -32)">${shape.svg}</g>`,
  fill: shape.fill,
  inside: (px, py) => shape.inside(32 + (px - 32) / factor, 32 + (py - 32) / factor),
});

const careline = { primary: '#0b6e69', art: '#ffffff' };
const lakeside = { primary: '#1f4e9c', sun: '#e0a030', art: '#ffffff' };

const carelineArt = [plus(32, 32, 18, 7, careline.art)];
const lakesideArt = [
  circle(40, 22, 8, lakeside.sun),
  wave(12, 52, 36, 3, 14, 4, lakeside.art),
  wave(12, 52, 46, 3, 14, 4, lakeside.art),
];

const tenants = [
  { name: 'careline', label: 'Careline Hospitals', background: careline.primary, art: carelineArt },
  { name: 'lakeside', label: 'Lakeside Medical Group', background: lakeside.primary, art: lakesideArt },
];

function svgDocument(label, shapes, viewBox = 64) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewBox} ${viewBox}" role="img" aria-label="${label}">\n` +
    shapes.map((shape) => `  ${shape.svg}\n`).join('') +
    '</svg>\n'
  );
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) {
    c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function hexColour(hex) {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}

/** Rasterises shapes (painted in order) into a size×size RGBA PNG. */
function png(shapes, size) {
  const samples = 4;
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const px = ((x + (sx + 0.5) / samples) * 64) / size;
          const py = ((y + (sy + 0.5) / samples) * 64) / size;
          let colour = null;
          for (const shape of shapes) {
            if (shape.inside(px, py)) {
              colour = shape.fill;
            }
          }
          if (colour) {
            const [r, g, b] = hexColour(colour);
            sum[0] += r;
            sum[1] += g;
            sum[2] += b;
            sum[3] += 255;
          }
        }
      }
      const n = samples * samples;
      const alpha = sum[3] / n;
      const offset = 1 + x * 4;
      // Colour averaged over covered samples only (straight, not premultiplied, alpha).
      const covered = sum[3] / 255 || 1;
      row[offset] = Math.round(sum[0] / covered);
      row[offset + 1] = Math.round(sum[1] / covered);
      row[offset + 2] = Math.round(sum[2] / covered);
      row[offset + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(outDir, { recursive: true });
for (const tenant of tenants) {
  const icon = [roundRect(0, 0, 64, 64, 14, tenant.background), ...tenant.art];
  // The logo: the same art on a round badge.
  const logo = [circle(32, 32, 31, tenant.background), ...tenant.art.map((shape) => scaled(shape, 0.8))];
  // Maskable: background to every edge, art shrunk into the safe zone.
  const maskable = [roundRect(0, 0, 64, 64, 0, tenant.background), ...tenant.art.map((shape) => scaled(shape, 0.7))];
  const write = (file, data) => {
    fs.writeFileSync(path.join(outDir, file), data);
    console.log(`wrote apps/web/public/brand/${file}`);
  };
  write(`${tenant.name}-icon.svg`, svgDocument(tenant.label, icon));
  write(`${tenant.name}-logo.svg`, svgDocument(`${tenant.label} logo`, logo));
  write(`${tenant.name}-icon-192.png`, png(icon, 192));
  write(`${tenant.name}-icon-512.png`, png(icon, 512));
  write(`${tenant.name}-maskable-512.png`, png(maskable, 512));
}
