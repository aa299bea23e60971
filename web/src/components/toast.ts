// One place that shows toasts, so every message lasts TOAST_MS (docs/business-rules.md "Calls, messages and timing") and tests can observe them.
// antd-mobile's Toast (with its Mask and react-spring) loads on the first toast, not before the first
// paint: no page needs it to render.

import { TOAST_MS } from '@free/protocol/constants';

let toast: Promise<typeof import('antd-mobile/es/components/toast').default> | null = null;

export function showToast(content: string, icon?: 'success' | 'fail') {
  toast ??= import('antd-mobile/es/components/toast').then((m) => m.default);
  void toast.then((Toast) => Toast.show({ content, icon, duration: TOAST_MS }));
}
