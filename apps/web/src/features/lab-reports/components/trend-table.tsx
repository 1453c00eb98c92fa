import { UNCLASSIFIED, type TrendTable as TrendTableModel } from '@careline/domain/lab-reports';
import { useLabReportsTranslate } from '@careline/i18n/lab-reports';
import { useLingui } from '@careline/i18n/react';
import { shortReportDate } from '../utils/graph-model.ts';

type TrendTableProps = {
  table: TrendTableModel;
  /** The sub-test shown in the chart. */
  selected: string | null;
  onSelect: (code: string) => void;
  /** The caption's id, which the chart points to as its text alternative. */
  captionId: string;
  /** Whether a row can be chosen for the chart (not for qualitative tests, which have none). */
  selectable: boolean;
};

/**
 * The table of the latest three report dates by sub-test, with units (spec doc 3 §2, §9), grouped by
 * subTestClassification in parameterOrder (§3). Each sub-test's name is a button that shows it in the
 * chart; a click anywhere on the row does the same (spec doc 3 §2: clicking a row selects the sub-test).
 */
export function TrendTable({ table, selected, onSelect, captionId, selectable }: TrendTableProps) {
  const t = useLabReportsTranslate();
  const { i18n } = useLingui();
  // A heading per group only when there is something to tell apart.
  const showGroups =
    table.groups.length > 1 || table.groups.some((group) => group.classification !== UNCLASSIFIED);
  const columnCount = table.columns.length + 1;
  return (
    <div className="lab-table__scroll">
      <table className="lab-table">
        <caption id={captionId} className="lab-table__caption">
          {t('labReports.ui.tableTitle')}
          {selectable ? (
            <span className="lab-table__hint">{t('labReports.ui.tableHint')}</span>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('labReports.label.testName')}</th>
            {table.columns.map((column) => (
              <th scope="col" key={column.reportId} className="lab-table__value">
                <time dateTime={column.date}>{shortReportDate(column.date, i18n.locale)}</time>
              </th>
            ))}
          </tr>
        </thead>
        {table.groups.map((group) => (
          <tbody key={group.classification}>
            {showGroups ? (
              <tr className="lab-table__group">
                <th scope="rowgroup" colSpan={columnCount}>
                  {group.classification === UNCLASSIFIED
                    ? t('labReports.ui.unclassified')
                    : group.classification}
                </th>
              </tr>
            ) : null}
            {group.items.map((row) => {
              const isSelected = selectable && row.code === selected;
              const canSelect = selectable && row.chartable;
              return (
                <tr
                  key={row.code}
                  className={`lab-table__row${isSelected ? ' lab-table__row--selected' : ''}`}
                  onClick={canSelect ? () => onSelect(row.code) : undefined}
                >
                  <th scope="row" className="lab-table__name">
                    {canSelect ? (
                      <button
                        type="button"
                        className="lab-table__select"
                        aria-pressed={isSelected}
                        onClick={(event) => {
                          // The row's own click selects it too; one selection is enough.
                          event.stopPropagation();
                          onSelect(row.code);
                        }}
                      >
                        {row.display}
                      </button>
                    ) : (
                      <span className="lab-table__label">{row.display}</span>
                    )}
                    {row.unit !== '' ? (
                      <span className="lab-table__meta">
                        <span className="visually-hidden">{t('labReports.label.unit')}: </span>
                        {row.unit}
                      </span>
                    ) : null}
                    {row.referenceRange !== '' ? (
                      <span className="lab-table__meta">
                        {t('labReports.label.referenceRange')}: {row.referenceRange}
                      </span>
                    ) : null}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td
                      key={table.columns[index]?.reportId ?? index}
                      className={`lab-table__value${cell?.critical ? ' lab-table__value--critical' : ''}`}
                    >
                      {cell && cell.value !== '' ? (
                        <>
                          {cell.value}
                          {cell.critical ? (
                            <span className="visually-hidden">
                              {' '}
                              ({t('labReports.ui.critical')})
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <>
                          <span aria-hidden="true">–</span>
                          <span className="visually-hidden">{t('labReports.ui.noValue')}</span>
                        </>
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
