import { describe, expect, it } from 'vitest';
import {
  UNCLASSIFIED,
  classificationOf,
  groupBySubTestClassification,
  sortByParameterOrder,
} from './grouping.ts';

describe('classificationOf (spec doc 3 §3: default UNCLASSIFIED)', () => {
  it.each([
    [{ subTestClassification: 'DIFFERENTIAL COUNT' }, 'DIFFERENTIAL COUNT'],
    [{ subTestClassification: '  RBC INDICES ' }, 'RBC INDICES'],
    [{ subTestClassification: '' }, 'UNCLASSIFIED'],
    [{ subTestClassification: '   ' }, 'UNCLASSIFIED'],
    [{ subTestClassification: null }, 'UNCLASSIFIED'],
    [{}, 'UNCLASSIFIED'],
  ])('%j → %s', (item, group) => {
    expect(classificationOf(item)).toBe(group);
  });

  it('is the spec text', () => {
    expect(UNCLASSIFIED).toBe('UNCLASSIFIED');
  });
});

describe('sortByParameterOrder (spec doc 3 §3)', () => {
  it('orders by parameterOrder, missing last, ties in input order', () => {
    const items = [
      { name: 'Platelets', parameterOrder: 3 },
      { name: 'Note', parameterOrder: null },
      { name: 'Haemoglobin', parameterOrder: 1 },
      { name: 'WBC', parameterOrder: 2 },
      { name: 'RBC', parameterOrder: 2 },
      { name: 'Remark' },
    ];
    expect(sortByParameterOrder(items).map((item) => item.name)).toEqual([
      'Haemoglobin',
      'WBC',
      'RBC',
      'Platelets',
      'Note',
      'Remark',
    ]);
  });

  it('does not change its input', () => {
    const items = [{ parameterOrder: 2 }, { parameterOrder: 1 }];
    sortByParameterOrder(items);
    expect(items).toEqual([{ parameterOrder: 2 }, { parameterOrder: 1 }]);
  });
});

describe('groupBySubTestClassification (spec doc 3 §3 Grouping)', () => {
  it('groups by classification, UNCLASSIFIED when missing, each in parameterOrder, groups by their first item', () => {
    const groups = groupBySubTestClassification([
      { name: 'Lymphocytes', subTestClassification: 'DIFFERENTIAL COUNT', parameterOrder: 5 },
      { name: 'Haemoglobin', parameterOrder: 1 },
      { name: 'Neutrophils', subTestClassification: 'DIFFERENTIAL COUNT', parameterOrder: 4 },
      { name: 'WBC', subTestClassification: '', parameterOrder: 2 },
      { name: 'Platelets', subTestClassification: null, parameterOrder: 9 },
    ]);
    expect(
      groups.map((group) => [group.classification, group.items.map((item) => item.name)]),
    ).toEqual([
      ['UNCLASSIFIED', ['Haemoglobin', 'WBC', 'Platelets']],
      ['DIFFERENTIAL COUNT', ['Neutrophils', 'Lymphocytes']],
    ]);
  });

  it('gives no groups for no items', () => {
    expect(groupBySubTestClassification([])).toEqual([]);
  });
});
