// One place that shows toasts, so every message lasts TOAST_MS (SPEC §8) and tests can observe them.
import { Toast } from 'antd-mobile';

const TOAST_MS = 2000;

export function showToast(content: string, icon?: 'success' | 'fail') {
  Toast.show({ content, icon, duration: TOAST_MS });
}
