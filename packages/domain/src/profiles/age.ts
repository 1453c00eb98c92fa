/**
 * Age display (spec doc 1 §9): under 30 days as days, under a year as months and days, otherwise
 * years. Our English forms: '12 days' / '1 day' / '0 days'; '3 months 4 days', '1 month', '2 months'
 * (a zero day part is left out; 30 days within the first calendar month stays '30 days');
 * '34 years' / '1 year'. Ages count whole calendar units, as people do: born on 31 January, one
 * month old on the last day of February.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The age shown on a profile card, or '' when the birth date is missing, malformed or after today.
 * @param birthDate - YYYY-MM-DD
 * @param now - the current time; its local calendar date is "today"
 */
export function ageLabel(birthDate: string | null | undefined, now: Date): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  if (!match) {
    return '';
  }
  const by = Number(match[1]);
  const bm = Number(match[2]) - 1;
  const bd = Number(match[3]);
  if (bm < 0 || bm > 11 || bd < 1 || bd > daysInMonth(by, bm)) {
    return '';
  }
  const ny = now.getFullYear();
  const nm = now.getMonth();
  const nd = now.getDate();
  const totalDays = Math.round((Date.UTC(ny, nm, nd) - Date.UTC(by, bm, bd)) / DAY_MS);
  if (totalDays < 0) {
    return '';
  }
  if (totalDays < 30) {
    return plural(totalDays, 'day');
  }
  let months = (ny - by) * 12 + (nm - bm);
  // A month is complete on the same day number, or on the month's last day when it is shorter.
  const anniversaryDay = (monthsAfter: number): number => {
    const y = by + Math.floor((bm + monthsAfter) / 12);
    const m = (bm + monthsAfter) % 12;
    return Math.min(bd, daysInMonth(y, m));
  };
  if (nd < anniversaryDay(months)) {
    months -= 1;
  }
  if (months < 12) {
    const anchorYear = by + Math.floor((bm + months) / 12);
    const anchorMonth = (bm + months) % 12;
    const days = Math.round(
      (Date.UTC(ny, nm, nd) - Date.UTC(anchorYear, anchorMonth, anniversaryDay(months))) / DAY_MS,
    );
    if (months === 0) {
      return plural(days, 'day');
    }
    return days === 0 ? plural(months, 'month') : `${plural(months, 'month')} ${plural(days, 'day')}`;
  }
  return plural(Math.floor(months / 12), 'year');
}
