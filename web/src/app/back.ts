// Back: to the previous page when there is one in this visit, else home (a deep link opened cold).
import type { AppNavigate } from './link';

export function goBack(navigate: AppNavigate) {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  if (idx === undefined ? window.history.length > 1 : idx > 0) navigate(-1);
  else navigate('/');
}
