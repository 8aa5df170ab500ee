/**
 * Figures as the analytics pages write them. Built by hand (or with Intl's plain "en" grouping, which
 * every ICU writes the same way), so the server's text and the browser's match at hydration.
 */
import type { ColumnKind } from "#app/analytics/report-tables";
import type { CsvValue } from "#app/utils/csv";

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

const grouping = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });

/** 12345 → "12,345". */
export function formatCount(value: number): string {
  return grouping.format(value);
}

/** 0.4567 → "45.7%"; null (nothing to divide) → "–". */
export function formatShare(value: number | null): string {
  if (value === null) return "–";
  return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
}

/** 1.25 → "1.3"; one decimal for averages. */
export function formatDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

const BYTE_UNITS = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1536 → "1.5 KB", in powers of 1024 (what the file system reports); null → "Unknown". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "Unknown";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** A table cell's raw value as the page shows it. */
export function formatCell(value: CsvValue, kind: ColumnKind): string {
  if (value === null) return "–";
  if (typeof value === "string") return value;
  switch (kind) {
    case "count":
      return formatCount(value);
    case "share":
      return formatShare(value);
    case "decimal":
      return formatDecimal(value);
    case "text":
      return String(value);
  }
}

/** "2026-11-03" → "3 Nov": a day on an axis or in a row of a daily table. */
export function formatDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${SHORT_MONTHS[(month ?? 1) - 1]}`;
}

/** An ISO instant → "14:00" (UTC): an hour or a minute on an axis. */
export function formatClock(iso: string): string {
  return iso.slice(11, 16);
}

/** An ISO instant → "3 Nov 14:00" (UTC): an hour in a table spanning two days. */
export function formatDayAndClock(iso: string): string {
  return `${formatDay(iso.slice(0, 10))} ${formatClock(iso)}`;
}
