import { useEffect, useState } from "react";

/** Date.now(), redrawn every `intervalMs` while `ticking` (for clocks of running jobs). */
export function useNow(ticking: boolean, intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [ticking, intervalMs]);
  return now;
}
