import { toast } from 'sonner';

/** Toast durations of the spec: default 4 s, success 2 s. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;
export const MAX_TOASTS = 20;

export const notify = {
  success: (message: string) => toast.success(message, { duration: SUCCESS_TOAST_DURATION_MS }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION_MS }),
  info: (message: string) => toast(message, { duration: TOAST_DURATION_MS }),
};
