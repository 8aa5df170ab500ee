import type { z } from "zod";
import * as areaModel from "./area-model/params";
import * as atom from "./atom/params";
import * as crtSolver from "./crt-solver/params";
import * as cycleWheel from "./cycle-wheel/params";
import * as cyclicNumber from "./cyclic-number/params";
import * as divisorLattice from "./divisor-lattice/params";
import * as equationBalance from "./equation-balance/params";
import * as euclidTable from "./euclid-table/params";
import * as expansionChecker from "./expansion-checker/params";
import * as factorTree from "./factor-tree/params";
import * as longDivision from "./long-division/params";
import * as periodExplorer from "./period-explorer/params";
import * as pisanoPeriod from "./pisano-period/params";
import * as powerResidueTable from "./power-residue-table/params";
import * as remainderTable from "./remainder-table/params";
import * as sieve from "./sieve/params";
import * as squareAndMultiply from "./square-and-multiply/params";
import { describeAttributeProblem } from "./widget-params";

interface WidgetParams {
  description: string;
  attributes: z.ZodType<unknown, Record<string, string>>;
}

/**
 * Every widget a lesson may embed, by its directive name, with the schema of
 * its attributes. Light (zod only), so the server checks directives and the
 * editor lists widgets without loading any widget's code.
 */
export const widgetCatalog = {
  atom,
  sieve,
  "divisor-lattice": divisorLattice,
  "factor-tree": factorTree,
  "cycle-wheel": cycleWheel,
  "square-and-multiply": squareAndMultiply,
  "power-residue-table": powerResidueTable,
  "expansion-checker": expansionChecker,
  "area-model": areaModel,
  "equation-balance": equationBalance,
  "long-division": longDivision,
  "period-explorer": periodExplorer,
  "cyclic-number": cyclicNumber,
  "remainder-table": remainderTable,
  "pisano-period": pisanoPeriod,
  "euclid-table": euclidTable,
  "crt-solver": crtSolver,
} satisfies Record<string, WidgetParams>;

export type WidgetName = keyof typeof widgetCatalog;

export function isWidgetName(name: string): name is WidgetName {
  return Object.hasOwn(widgetCatalog, name);
}

/** The renderer's check: null when the directive is good, else what is wrong with it. */
export function checkWidget(name: string, attributes: Record<string, string>): string | null {
  if (!isWidgetName(name)) return `unknown widget "${name}"`;
  const parsed = (widgetCatalog[name].attributes as WidgetParams["attributes"]).safeParse(attributes);
  return parsed.success ? null : describeAttributeProblem(parsed.error);
}
