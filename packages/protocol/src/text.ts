// Text PostgreSQL can store. A NUL character (U+0000) fits neither a text column nor jsonb, so a
// request carrying one anywhere (a field, a key, an array item) is refused at the schema boundary,
// naming the field, before anything is written.

/** Whether PostgreSQL can store the string (text and jsonb refuse U+0000). */
export const storableText = (s: string): boolean => !s.includes('\u0000');

/**
 * The field (dot path as the envelope names it: `name`, `items.2.title`) of the first string or
 * object key in `value` that cannot be stored, `''` when `value` itself is such a string, null
 * when every text in it can be stored.
 */
export function unstorableTextField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return storableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  for (const [key, v] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (!storableText(key)) return path || 'body';
    const found = unstorableTextField(v, at);
    if (found !== null) return found;
  }
  return null;
}
