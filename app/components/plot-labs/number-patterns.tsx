import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useId, useState } from "react";
import { PowerOrbitPattern } from "./power-orbit-pattern";
import { TimesTablePattern } from "./times-table-pattern";

const PATTERNS = [
  { id: "times-table", label: "Times-table circle", Pattern: TimesTablePattern },
  { id: "powers", label: "Powers mod n", Pattern: PowerOrbitPattern },
] as const;

/** The animated patterns, one at a time behind tabs (arrow keys move between the tabs). */
export function NumberPatterns() {
  const [selected, setSelected] = useState(0);
  const idPrefix = useId();
  const { Pattern } = PATTERNS[selected] ?? PATTERNS[0];
  return (
    <>
      <Tabs
        value={selected}
        onChange={(_, index: number) => setSelected(index)}
        aria-label="Patterns"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: "divider" }}
      >
        {PATTERNS.map(({ id, label }, index) => (
          <Tab
            key={id}
            label={label}
            id={`${idPrefix}-tab-${index}`}
            aria-controls={index === selected ? `${idPrefix}-panel-${index}` : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel-${selected}`} aria-labelledby={`${idPrefix}-tab-${selected}`}>
        <Pattern />
      </Box>
    </>
  );
}
