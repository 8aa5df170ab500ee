/**
 * MathLive's maths field, loaded in the browser on the pages that take typed
 * maths only (it is large). Its fonts are KaTeX's, from the stylesheet the
 * page links (mathlive/fonts.css, served by us), so it fetches none itself;
 * it makes no sounds.
 */
import type * as MathLiveModule from "mathlive";

type MathLive = typeof MathLiveModule;

let loading: Promise<MathLive> | null = null;

export function loadMathLive(): Promise<MathLive> {
  loading ??= import("mathlive").then((mathlive) => {
    mathlive.MathfieldElement.fontsDirectory = null;
    mathlive.MathfieldElement.soundsDirectory = null;
    return mathlive;
  });
  return loading;
}
