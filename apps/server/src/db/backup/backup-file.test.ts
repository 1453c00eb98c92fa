import { describe, expect, it } from 'vitest';
import { backupKindOf, fileStamp } from './backup-file.ts';
import { libpqTarget } from './postgres-backup.ts';

describe('backupKindOf', () => {
  it('tells pg_dump -Fc, a gzipped PGlite dump, a plain tar and anything else apart', () => {
    expect(backupKindOf(Buffer.from('PGDMP\x01\x0f\x00'))).toBe('postgres');
    expect(backupKindOf(Buffer.from([0x1f, 0x8b, 0x08, 0x00]))).toBe('pglite');
    const tar = Buffer.alloc(512);
    tar.write('ustar', 257, 'latin1');
    expect(backupKindOf(tar)).toBe('pglite');
    expect(backupKindOf(Buffer.from('-- PostgreSQL database dump\n'))).toBeNull();
    expect(backupKindOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('libpqTarget', () => {
  it('keeps the password off the command line, in PGPASSWORD', () => {
    const target = libpqTarget('postgres://careline:p%40ss%2Fw0rd@db.hospital.lk:5432/careline?sslmode=require');
    expect(target.dbname).toBe('postgres://careline@db.hospital.lk:5432/careline?sslmode=require');
    expect(target.env.PGPASSWORD).toBe('p@ss/w0rd');
    expect(libpqTarget('postgres://postgres@127.0.0.1:5432/careline').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

describe('fileStamp', () => {
  it('is a UTC stamp fit for a file name', () => {
    expect(fileStamp(new Date('2026-01-31T14:25:01.123Z'))).toBe('20260131T142501Z');
  });
});
