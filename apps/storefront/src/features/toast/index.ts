export { hideToastAtom, showToastAtom, TOAST_HIDE_MS, toastAtom } from './atoms';
export type { Toast, ToastType } from './atoms';
export { useToast } from './hooks/use-toast';
export { ToastRegion } from './components/toast-region';
export { failureKey } from './failure-key';
