/**
 * Toasts with a title and a description, as the spec words them ('Validation Error' / first message).
 * `useToast()` returns `toast({ title, description, severity })`. Announced politely to screen readers.
 *
 * One toast at a time, and only the latest: a new toast replaces the one showing (a queue showed stale messages
 * seconds later, on other pages: issue 31). A toast outlives at most one route change, the one that follows it:
 * that move is often what it announces ('Authentication Required', 'Welcome back!', 'Order submitted…'), however long
 * the next page's code takes to load; the route change after that closes it. Field errors are shown under their
 * fields (components/field-errors.ts); the toast is only their summary.
 *
 * Toasts look like `ToastView`, a chunk of its own: pages fetch it when they mount a component that can
 * raise a toast (`useToast`), so it is there before the first toast is due, and the home page, which
 * raises none, does not load it.
 */
import type { AlertColor } from '@mui/material/Alert';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { loadOnce } from './load-once';

export interface ToastInput {
  title: string;
  description?: string;
  severity?: AlertColor;
}

export interface ToastItem extends ToastInput {
  key: number;
  /** A route change happened since it was raised (the next one closes it). */
  moved: boolean;
}

type ToastViewModule = typeof import('./ToastView');

const loadToastView = loadOnce(() => import('./ToastView'));

interface ToastApi {
  toast: (toast: ToastInput) => void;
  /** The route changed: the toast moves with it once, and is closed by the next change. */
  routeChanged: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextKey = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const [view, setView] = useState<ToastViewModule>();

  // Normally loaded already (see useToast). If the fetch fails the toast waits, and each new toast tries again,
  // rather than taking the app down.
  useEffect(() => {
    if (current && !view) loadToastView().then(setView, () => undefined);
  }, [current, view]);

  const toast = useCallback((input: ToastInput) => {
    nextKey += 1;
    setCurrent({ ...input, key: nextKey, moved: false });
  }, []);
  const routeChanged = useCallback(() => {
    setCurrent((c) => (!c ? c : c.moved ? null : { ...c, moved: true }));
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const [api] = useState<ToastApi>(() => ({ toast, routeChanged }));
  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && view && <view.ToastView key={current.key} toast={current} onClose={dismiss} />}
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const api = useContext(ToastContext);
  // Fetch the view with the page, not when its first toast is due (a failure is retried by the provider).
  useEffect(() => void loadToastView().catch(() => undefined), []);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api.toast;
}

/**
 * Closes the showing toast when the route's path changes (rendered once in each layout, inside the router; the
 * provider sits outside it). The first render is not a change.
 */
export function ToastRouteReset() {
  const api = useContext(ToastContext);
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    api?.routeChanged();
  }, [api, pathname]);
  return null;
}
