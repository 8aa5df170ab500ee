import MarkdownIt from "markdown-it";
import { boxPlugin } from "./box-plugin";
import { headingPlugin } from "./heading-plugin";
import { mathPlugin } from "./math-plugin";
import { sourceBlockPlugin } from "./source-block";
import { tableHeadersPlugin } from "./table-headers-plugin";
import { termPlugin } from "./term-plugin";
import { typographyPlugin } from "./typography-plugin";
import { widgetPlugin } from "./widget-plugin";

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto"]);

/** Web and mail links, relative links and anchors; markdown-it leaves any other link as plain text. */
function isAllowedLink(url: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url);
  return scheme === null || ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase());
}

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);

function createLessonMarkdown() {
  // Raw HTML is shown as text; no bare URLs turned into links.
  const md = new MarkdownIt("default", { html: false, linkify: false, typographer: true });
  md.validateLink = isAllowedLink;
  md.use(mathPlugin)
    .use(headingPlugin)
    .use(boxPlugin)
    .use(widgetPlugin)
    .use(sourceBlockPlugin)
    .use(tableHeadersPlugin)
    .use(termPlugin)
    .use(typographyPlugin);
  md.renderer.rules.link_open = (tokens, idx, options, _env, renderer) => {
    const token = tokens[idx]!;
    if (isExternal(String(token.attrGet("href") ?? ""))) token.attrSet("rel", "noopener noreferrer");
    return renderer.renderToken(tokens, idx, options);
  };
  // Wide tables scroll sideways inside their own box rather than widening the page.
  md.renderer.rules.table_open = (tokens, idx, options, _env, renderer) =>
    `<div class="lesson-table">\n${renderer.renderToken(tokens, idx, options)}`;
  md.renderer.rules.table_close = (tokens, idx, options, _env, renderer) =>
    `${renderer.renderToken(tokens, idx, options)}</div>\n`;
  return md;
}

/** The one configured parser, shared by renderLesson and lintLesson (building it costs more than a render). */
export const lessonMarkdown = createLessonMarkdown();
