import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { MAX_TOASTS, TOAST_DURATION_MS, toasterMounted } from '../lib/toast';

/** sonner's toaster, loaded lazily by App.tsx; toasts asked for before it came are shown once it is here. */
export default function Toasts() {
  useEffect(() => toasterMounted(), []);
  return <Toaster position="top-center" duration={TOAST_DURATION_MS} visibleToasts={MAX_TOASTS} richColors closeButton />;
}
