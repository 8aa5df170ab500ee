import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { isWidgetName, widgetCatalog, type WidgetName } from "./catalog";

/**
 * Each widget's code is its own chunk, loaded only by pages that embed it. Each takes the output of its own
 * attribute schema, which LessonWidget parses right before rendering it, hence props of any shape here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyWidget = LazyExoticComponent<ComponentType<any>>;
const components: Record<WidgetName, AnyWidget> = {
  atom: lazy(() => import("./atom/atom")),
  sieve: lazy(() => import("./sieve/sieve")),
  "divisor-lattice": lazy(() => import("./divisor-lattice/divisor-lattice")),
  "factor-tree": lazy(() => import("./factor-tree/factor-tree")),
  "cycle-wheel": lazy(() => import("./cycle-wheel/cycle-wheel")),
  "square-and-multiply": lazy(() => import("./square-and-multiply/square-and-multiply")),
  "power-residue-table": lazy(() => import("./power-residue-table/power-residue-table")),
  "expansion-checker": lazy(() => import("./expansion-checker/expansion-checker")),
  "area-model": lazy(() => import("./area-model/area-model")),
  "equation-balance": lazy(() => import("./equation-balance/equation-balance")),
  "long-division": lazy(() => import("./long-division/long-division")),
  "period-explorer": lazy(() => import("./period-explorer/period-explorer")),
  "cyclic-number": lazy(() => import("./cyclic-number/cyclic-number")),
  "remainder-table": lazy(() => import("./remainder-table/remainder-table")),
  "pisano-period": lazy(() => import("./pisano-period/pisano-period")),
  "crt-solver": lazy(() => import("./crt-solver/crt-solver")),
};

interface LessonWidgetProps {
  name: string;
  attributes: Record<string, string>;
  /** The directive as written, shown if the widget cannot be built from it. */
  source: string;
}

/**
 * One widget of a lesson, rendered on the server with its first state and
 * brought to life when its chunk arrives. The renderer has already refused
 * unknown names and bad attributes; checking again keeps a stale cache or a
 * hand-made block from crashing the page.
 */
export function LessonWidget({ name, attributes, source }: LessonWidgetProps) {
  const parsed = isWidgetName(name) ? widgetCatalog[name].attributes.safeParse(attributes) : undefined;
  if (!isWidgetName(name) || !parsed?.success) {
    return (
      <pre className="lesson-error" title="This widget cannot be shown">
        <code>{source}</code>
      </pre>
    );
  }
  const Widget = components[name];
  return (
    <Suspense fallback={null}>
      <Widget {...(parsed.data as object)} />
    </Suspense>
  );
}
