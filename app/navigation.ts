export interface NavItem {
  label: string;
  to: string;
  /** Marked current only on this exact path, not on the pages below it. */
  end?: boolean;
}

/** The main navigation, in the app bar on desktop and in the drawer below lg. */
export const mainNavigation: NavItem[] = [
  { label: "Chapters", to: "/chapter" },
  { label: "Factorization", to: "/prime-factorization-engine" },
  { label: "Prime discoveries", to: "/prime-discoveries" },
  { label: "Plot Formula", to: "/tests/ploting" },
  // The sample quiz and every other lab are one click further, on the labs index. Plot Formula, a lab
  // with an entry of its own, is not "Labs" as well: the index is marked current on its own page only.
  { label: "Labs", to: "/tests", end: true },
  { label: "Subscribe", to: "/subscribe" },
];

export const footerNavigation: NavItem[] = [
  { label: "Glossary", to: "/glossary" },
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy policy", to: "/privacy-policy" },
  { label: "Terms of use", to: "/terms" },
];
