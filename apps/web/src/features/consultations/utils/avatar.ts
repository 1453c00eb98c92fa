/**
 * The initials of a name for an avatar without a photo: 'Dr. Nimal Perera' → 'NP' (titles skipped).
 * @param name - the name as shown
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => word !== '' && !/^(dr|mr|mrs|ms|miss|prof)\.?$/i.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Avatar tints: each reads white text at 4.5:1 or more. */
const avatarTints = ['#0b6e69', '#5e35b1', '#ad1457', '#1565c0', '#6d4c41', '#2e7d32', '#c62828', '#37474f'] as const;

/**
 * A colour derived from a name, the same each time (spec DESIGN: initials on a colour from the name).
 * @param name - the name as shown
 */
export function avatarTint(name: string): string {
  let hash = 0;
  for (const char of name) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return avatarTints[hash % avatarTints.length] ?? avatarTints[0];
}
