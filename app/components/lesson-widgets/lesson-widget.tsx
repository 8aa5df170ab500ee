import { createElement, lazy, Suspense, type LazyExoticComponent } from "react";
import { isWidgetName, widgetCatalog, type WidgetName } from "./catalog";
import { preloadedWidgets, WIDGET_MARKER, widgetChunks, type AnyWidget } from "./widget-chunks";

const lazyComponents = Object.fromEntries(
  Object.entries(widgetChunks).map(([name, load]) => [name, lazy(load)]),
) as Record<WidgetName, LazyExoticComponent<AnyWidget>>;

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
  // Module-level components, never made here: a preloaded widget stays preloaded for the page's life.
  const widget = createElement(preloadedWidgets.get(name) ?? lazyComponents[name], parsed.data as object);
  return (
    <div {...{ [WIDGET_MARKER]: name }}>
      <Suspense fallback={null}>{widget}</Suspense>
    </div>
  );
}
