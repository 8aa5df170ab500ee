import type { ComponentType } from "react";
import type { WidgetName } from "./catalog";

/**
 * A widget component. Each takes the output of its own attribute schema, which
 * LessonWidget parses right before rendering it, hence props of any shape here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWidget = ComponentType<any>;

/** Each widget's code is its own chunk, loaded only by pages that embed it. */
export const widgetChunks: Record<WidgetName, () => Promise<{ default: AnyWidget }>> = {
  atom: () => import("./atom/atom"),
  sieve: () => import("./sieve/sieve"),
  "divisor-lattice": () => import("./divisor-lattice/divisor-lattice"),
  "factor-tree": () => import("./factor-tree/factor-tree"),
  "cycle-wheel": () => import("./cycle-wheel/cycle-wheel"),
  "square-and-multiply": () => import("./square-and-multiply/square-and-multiply"),
  "power-residue-table": () => import("./power-residue-table/power-residue-table"),
  "expansion-checker": () => import("./expansion-checker/expansion-checker"),
  "area-model": () => import("./area-model/area-model"),
  "equation-balance": () => import("./equation-balance/equation-balance"),
  "long-division": () => import("./long-division/long-division"),
  "period-explorer": () => import("./period-explorer/period-explorer"),
  "cyclic-number": () => import("./cyclic-number/cyclic-number"),
  "remainder-table": () => import("./remainder-table/remainder-table"),
  "pisano-period": () => import("./pisano-period/pisano-period"),
  "euclid-table": () => import("./euclid-table/euclid-table"),
  "crt-solver": () => import("./crt-solver/crt-solver"),
};

/** Widgets whose chunk was loaded before hydration: they render at once, without suspending. */
export const preloadedWidgets = new Map<WidgetName, AnyWidget>();

/** The attribute that names each widget in the server's HTML, so the browser can load their code first. */
export const WIDGET_MARKER = "data-lesson-widget";

function isChunkName(name: string | null): name is WidgetName {
  return name !== null && Object.hasOwn(widgetChunks, name);
}

/**
 * Loads the code of every widget in the server-rendered page before hydration
 * starts. Hydrating them together with the page is one commit, one style
 * insertion and one layout of the whole (large) chapter, instead of one per
 * widget as each lazy chunk arrives. Kept apart from the catalog so the entry
 * bundle does not carry the widgets' schemas.
 */
export async function preloadWidgetsIn(root: ParentNode): Promise<void> {
  const names = new Set(Array.from(root.querySelectorAll(`[${WIDGET_MARKER}]`), (e) => e.getAttribute(WIDGET_MARKER)));
  await Promise.all(
    Array.from(names)
      .filter(isChunkName)
      .map(async (name) => preloadedWidgets.set(name, (await widgetChunks[name]()).default)),
  );
}
