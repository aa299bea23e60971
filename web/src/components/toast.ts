// One place that shows toasts, so every message lasts TOAST_MS (SPEC §8) and tests can observe them.

import { TOAST_MS } from '@free/protocol/constants';
import { Toast } from 'antd-mobile';

export function showToast(content: string, icon?: 'success' | 'fail') {
  Toast.show({ content, icon, duration: TOAST_MS });
}
