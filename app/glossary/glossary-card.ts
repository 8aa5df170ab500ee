/** What `GET /glossary/:term` answers: a term's card, shown on hover and focus of the term in a lesson. */
export interface GlossaryCard {
  term: string;
  /** The definition as HTML; null when the reader may not read its chapter (premium). */
  html: string | null;
  href: string;
  chapterTitle: string;
  sectionTitle: string;
}
