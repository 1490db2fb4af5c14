import { useEffect, useState } from 'react';
import { readCartCount } from '../session/storage';

/** The cart lives in localStorage (the commerce issue fills it); the badge follows it across tabs. */
export function useCartCount(): number {
  const [count, setCount] = useState(readCartCount);
  useEffect(() => {
    const onStorage = () => setCount(readCartCount());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return count;
}
