import { describe, expect, it } from 'vitest';
import { labOrderMovesFor } from './lab-order-progress.ts';

describe('labOrderMovesFor (issue 30 §1)', () => {
  it('moves an arrived sample to processing when results are entered, and on to reportReady when issued', () => {
    expect(labOrderMovesFor('Examination', 'sampleArrived', 'resultsEntered')).toEqual(['processing']);
    expect(labOrderMovesFor('Examination', 'processing', 'issued')).toEqual(['reportReady']);
  });

  it('takes the forward moves in between, from a collected sample', () => {
    expect(labOrderMovesFor('Examination', 'sampleCollected', 'resultsEntered')).toEqual(['sampleArrived', 'processing']);
    expect(labOrderMovesFor('Examination', 'sampleArrived', 'issued')).toEqual(['processing', 'reportReady']);
  });

  it('moves nothing a second time, backwards, before a sample is recorded, or for another category', () => {
    expect(labOrderMovesFor('Examination', 'processing', 'resultsEntered')).toEqual([]);
    expect(labOrderMovesFor('Examination', 'reportReady', 'resultsEntered')).toEqual([]);
    expect(labOrderMovesFor('Examination', 'reportReady', 'issued')).toEqual([]);
    expect(labOrderMovesFor('Examination', 'completed', 'issued')).toEqual([]);
    expect(labOrderMovesFor('Examination', 'confirming', 'resultsEntered')).toEqual([]);
    expect(labOrderMovesFor('Examination', 'sampleCollecting', 'issued')).toEqual([]);
    expect(labOrderMovesFor('Procedure', 'processing', 'issued')).toEqual([]);
  });
});
