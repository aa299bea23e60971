// Light/dark theme: follows prefers-color-scheme until the user chooses, then remembers the choice.
import { useSyncExternalStore } from 'react';

export type ThemeName = 'light' | 'dark';
const KEY = 'free.theme';
const listeners = new Set<() => void>();

function media(): MediaQueryList | null {
  return typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
}

export function storedTheme(): ThemeName | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

export function resolvedTheme(): ThemeName {
  return storedTheme() ?? (media()?.matches ? 'dark' : 'light');
}

function apply() {
  const theme = resolvedTheme();
  const html = document.documentElement;
  html.dataset.theme = theme;
  // antd-mobile's own dark variables hang on this attribute.
  html.setAttribute('data-prefers-color-scheme', theme);
  html.style.colorScheme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#101114' : '#fff7f0');
  for (const l of listeners) l();
}

export function initTheme() {
  apply();
  media()?.addEventListener('change', () => {
    if (!storedTheme()) apply();
  });
}

export function setTheme(theme: ThemeName) {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // applied for this visit only
  }
  apply();
}

export function useTheme(): ThemeName {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    resolvedTheme,
    resolvedTheme,
  );
}
