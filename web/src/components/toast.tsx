/**
 * Toasts with a title and a description, as the spec words them ('Validation Error' / first message).
 * `useToast()` returns `toast({ title, description, severity })`. Announced politely to screen readers.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  severity?: AlertColor;
}

interface ToastItem extends ToastInput {
  key: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastItem[]>([]);
  const current = queue[0];

  const toast = useCallback((input: ToastInput) => {
    setQueue((q) => [...q, { ...input, key: Date.now() + Math.random() }]);
  }, []);
  const dismiss = useCallback(() => setQueue((q) => q.slice(1)), []);
  const value = useMemo(() => toast, [toast]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={current?.key}
        open={!!current}
        autoHideDuration={5000}
        onClose={(_event, reason) => reason !== 'clickaway' && dismiss()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        {current ? (
          <Alert
            onClose={dismiss}
            severity={current.severity ?? 'info'}
            variant="filled"
            role={current.severity === 'error' ? 'alert' : 'status'}
            sx={{ width: '100%', maxWidth: 420, alignItems: 'flex-start' }}
            data-testid="toast"
          >
            <AlertTitle sx={{ mb: current.description ? 0.5 : 0 }}>{current.title}</AlertTitle>
            {current.description}
          </Alert>
        ) : undefined}
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastInput) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
