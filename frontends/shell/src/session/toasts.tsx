import { message as antMessage } from 'antd';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

export type Toasts = ReturnType<typeof antMessage.useMessage>[0];

/** Toasts sit below the 64-px header, never over it. */
const TOAST_TOP = 76;

const ToastContext = createContext<Toasts | null>(null);

/**
 * The shell's toasts (antd message only: antd's App would also bring its modal and notification
 * code into every page). A toast belongs to the screen that raised it: navigating clears them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, holder] = antMessage.useMessage({ top: TOAST_TOP, maxCount: 3 });
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current !== pathname) toasts.destroy();
    previous.current = pathname;
  }, [pathname, toasts]);
  return (
    <ToastContext.Provider value={toasts}>
      {holder}
      {children}
    </ToastContext.Provider>
  );
}

export function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error('useToasts outside ToastProvider');
  return toasts;
}
