import type { Theme } from "@mui/material/styles";

/**
 * The colour of the k-th prime of a number, shared by the chapter's widgets so
 * 2, 3, 5 … look the same in the atom, the sieve and the divisor lattice. Each
 * fill has at least 3:1 against both the light and the dark page, and its
 * label colour at least 4.5:1 against the fill. Colours repeat after six;
 * every coloured shape also carries its prime as text.
 */
export const PRIME_COLOUR_COUNT = 6;

export interface PrimeColour {
  main: string;
  /** Text drawn on `main`. */
  contrast: string;
}

export function primeColour({ vars, palette }: Theme, index: number): PrimeColour {
  const colors = vars?.palette ?? palette;
  const swatches: [PrimeColour, ...PrimeColour[]] = [
    { main: colors.nd_blue.main, contrast: colors.common.white },
    { main: colors.nd_green.main, contrast: colors.common.white },
    { main: colors.nd_orange.main, contrast: colors.common.black },
    { main: colors.nd_red.main, contrast: colors.common.white },
    { main: colors.secondary.dark, contrast: colors.common.white },
    { main: colors.grey[700], contrast: colors.common.white },
  ];
  return swatches[index % PRIME_COLOUR_COUNT] ?? swatches[0];
}
