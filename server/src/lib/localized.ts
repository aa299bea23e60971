// Catalogue text (machines, shop products) is stored as a { lang: text } map; the asker reads it
// in their language, English where it is not translated.

/** The text of a { lang: text } map in `lang`, English where not translated. */
export const localized = (m: unknown, lang: string): string => {
  const map = (m ?? {}) as Record<string, string>;
  return map[lang] ?? map.en ?? Object.values(map)[0] ?? '';
};

/** A catalogue entry with its name and description in `lang`. */
export type InLanguage<T> = Omit<T, 'name' | 'description'> & { name: string; description: string };

export const inLanguage = <T extends { name: unknown; description: unknown }>(
  entry: T,
  lang: string,
): InLanguage<T> => ({
  ...entry,
  name: localized(entry.name, lang),
  description: localized(entry.description, lang),
});
