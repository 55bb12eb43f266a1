/** Toast durations of the spec: default 4 s, success 2 s. */
export const TOAST_DURATION_MS = 4000;
export const SUCCESS_TOAST_DURATION_MS = 2000;
export const MAX_TOASTS = 20;

/**
 * Toasts are sonner's, loaded after the first screen (app/Toasts.tsx) rather than in the initial JavaScript. A
 * toast asked for earlier waits until the toaster is on the page, so none is lost.
 */
let markReady: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the toaster once it is on the page. */
export function toasterMounted(): void {
  markReady();
}

const show = (kind: 'success' | 'error' | 'info', message: string) =>
  void toasterReady
    .then(() => import('sonner'))
    .then(({ toast }) => {
      if (kind === 'success') toast.success(message, { duration: SUCCESS_TOAST_DURATION_MS });
      else if (kind === 'error') toast.error(message, { duration: TOAST_DURATION_MS });
      else toast(message, { duration: TOAST_DURATION_MS });
    })
    .catch((error: unknown) => console.warn('toast not shown', message, error));

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
