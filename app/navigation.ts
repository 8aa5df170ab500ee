export interface NavItem {
  label: string;
  to: string;
}

/** The main navigation, in the app bar on desktop and in the drawer below lg. */
export const mainNavigation: NavItem[] = [
  { label: "Chapters", to: "/#chapters" },
  { label: "Factorization", to: "/prime-factorization-engine" },
  { label: "Prime discoveries", to: "/prime-discoveries" },
  { label: "Plot Formula", to: "/tests/ploting" },
  { label: "Sample quiz", to: "/tests/quiz_test" },
  { label: "Subscribe", to: "/subscribe" },
];

export const footerNavigation: NavItem[] = [
  { label: "About", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Privacy policy", to: "/privacy-policy" },
  { label: "Terms of use", to: "/terms" },
];
