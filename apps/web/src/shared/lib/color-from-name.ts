/** Avatar colours: readable with white text, distinct enough side by side. */
export const avatarColors = [
  '#1f6feb',
  '#0f9d8a',
  '#8250df',
  '#d4541c',
  '#2e8540',
  '#c0307a',
  '#3d7a99',
  '#9a6700',
  '#5a53d6',
  '#b3261e',
] as const;

/** The same name always gets the same colour. */
export function colorFromName(name: string): string {
  // FNV-1a: cheap, and spreads similar names over the palette.
  let hash = 0x811c9dc5;
  for (const char of name.trim().toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Final mix so the low bits (the palette index) depend on every character.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return avatarColors[(hash >>> 0) % avatarColors.length] ?? avatarColors[0];
}

/** First letter of a name for an avatar, upper-cased ('?' for an empty name). */
export function initialOf(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toUpperCase() : '?';
}
