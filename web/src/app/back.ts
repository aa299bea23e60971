// Back: to the previous page when there is one in this visit, else home (a deep link opened cold).
import type { NavigateFunction } from 'react-router';

export function goBack(navigate: NavigateFunction) {
  const idx = (window.history.state as { idx?: number } | null)?.idx;
  if (idx === undefined ? window.history.length > 1 : idx > 0) navigate(-1);
  else navigate('/');
}
