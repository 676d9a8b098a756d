/**
 * Toasts with a title and a description, as the spec words them ('Validation Error' / first message).
 * `useToast()` returns `toast({ title, description, severity })`. Announced politely to screen readers.
 *
 * Toasts look like `ToastView`, a chunk of its own: pages fetch it when they mount a component that can
 * raise a toast (`useToast`), so it is there before the first toast is due, and the home page, which
 * raises none, does not load it.
 */
import type { AlertColor } from '@mui/material/Alert';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadOnce } from './load-once';

export interface ToastInput {
  title: string;
  description?: string;
  severity?: AlertColor;
}

export interface ToastItem extends ToastInput {
  key: number;
}

type ToastViewModule = typeof import('./ToastView');

const loadToastView = loadOnce(() => import('./ToastView'));

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const [view, setView] = useState<ToastViewModule>();
  const current = queue[0];

  // Normally loaded already (see useToast). If the fetch fails the toasts stay queued, and each new
  // toast tries again, rather than taking the app down.
  useEffect(() => {
    if (queue.length > 0 && !view) loadToastView().then(setView, () => undefined);
  }, [queue, view]);

  const toast = useCallback((input: ToastInput) => {
    setQueue((q) => [...q, { ...input, key: Date.now() + Math.random() }]);
  }, []);
  const dismiss = useCallback(() => setQueue((q) => q.slice(1)), []);
  return (
    <ToastContext.Provider value={toast}>
      {children}
      {current && view && <view.ToastView key={current.key} toast={current} onClose={dismiss} />}
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const toast = useContext(ToastContext);
  // Fetch the view with the page, not when its first toast is due (a failure is retried by the provider).
  useEffect(() => void loadToastView().catch(() => undefined), []);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
