import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import MenuIcon from "@mui/icons-material/Menu";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { Link } from "react-router";
import { visuallyHidden } from "./visually-hidden";
import {
  adminLabLinks,
  adminOverview,
  adminSectionGroups,
  currentAdminEntry,
  type AdminSection,
} from "../admin-navigation";

/** A number the menu shows beside an entry, e.g. 3 unread messages; `label` says what it counts. */
export interface MenuCount {
  count: number;
  label: string;
}

export type MenuCounts = Partial<Record<string, MenuCount>>;

function MenuLink({
  section,
  current,
  onFollow,
  count,
}: {
  section: AdminSection;
  current: boolean;
  onFollow: () => void;
  count?: MenuCount;
}) {
  return (
    <ListItemButton
      component={Link}
      to={section.to}
      onClick={onFollow}
      selected={current}
      aria-current={current ? "page" : undefined}
      sx={{ py: 0.25, pl: 2, borderRadius: 1 }}
    >
      <ListItemText primary={section.label} slotProps={{ primary: { variant: "body2" } }} />
      {count && (
        <Typography variant="caption" sx={{ ml: 1, fontWeight: 700 }}>
          {count.count}
          <Box component="span" sx={visuallyHidden}>
            {" "}
            {count.label}
          </Box>
        </Typography>
      )}
    </ListItemButton>
  );
}

function GroupLabel({ id, children }: { id: string; children: string }) {
  return (
    <Typography
      id={id}
      variant="overline"
      component="p"
      color="text.secondary"
      sx={{ px: 2, pt: 1.5, lineHeight: 2, display: "block" }}
    >
      {children}
    </Typography>
  );
}

/**
 * The admin area's navigation: a column beside the page from lg up, and below lg (phones and
 * tablets) a button that opens the same list above the page.
 */
export function AdminMenu({ pathname, counts = {} }: { pathname: string; counts?: MenuCounts }) {
  const ids = useId();
  const current = currentAdminEntry(pathname);
  const [open, setOpen] = useState(false);
  // The labs group stays folded until asked for, unless the page is one of its labs.
  const [labsChoice, setLabsChoice] = useState<boolean | null>(null);
  const labsOpen = labsChoice ?? adminLabLinks.some((link) => link === current);
  const close = () => setOpen(false);

  return (
    <Box
      sx={{
        position: { lg: "sticky" },
        top: { lg: 64 },
        maxHeight: { lg: "calc(100vh - 64px)" },
        overflowY: { lg: "auto" },
        borderRight: { lg: 1 },
        borderBottom: { xs: 1, lg: 0 },
        borderColor: { xs: "divider", lg: "divider" },
        displayPrint: "none",
      }}
    >
      <Button
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={`${ids}-menu`}
        color="inherit"
        startIcon={<MenuIcon />}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ display: { lg: "none" }, width: "100%", justifyContent: "flex-start", px: 2, py: 1.25 }}
      >
        Admin menu{current ? `: ${current.label}` : ""}
      </Button>
      <Box
        component="nav"
        id={`${ids}-menu`}
        aria-label="Admin"
        sx={{ display: { xs: open ? "block" : "none", lg: "block" }, px: 1, pb: 2 }}
      >
        <List dense disablePadding sx={{ pt: 1 }}>
          <MenuLink section={adminOverview} current={current === adminOverview} onFollow={close} />
        </List>
        {adminSectionGroups.map((group) => (
          <Box key={group.id}>
            <GroupLabel id={`${ids}-${group.id}`}>{group.label}</GroupLabel>
            <List dense disablePadding aria-labelledby={`${ids}-${group.id}`}>
              {group.sections.map((section) => (
                <MenuLink
                  key={section.to}
                  section={section}
                  current={current === section}
                  onFollow={close}
                  count={counts[section.to]}
                />
              ))}
            </List>
          </Box>
        ))}
        <ListItemButton
          onClick={() => setLabsChoice(!labsOpen)}
          aria-expanded={labsOpen}
          aria-controls={`${ids}-labs`}
          sx={{ mt: 1, px: 2, borderRadius: 1 }}
        >
          <ListItemText
            id={`${ids}-labs-label`}
            primary="Labs"
            slotProps={{ primary: { variant: "overline", color: "text.secondary", sx: { lineHeight: 2 } } }}
          />
          {labsOpen ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        </ListItemButton>
        <List
          dense
          disablePadding
          id={`${ids}-labs`}
          aria-labelledby={`${ids}-labs-label`}
          sx={{ display: labsOpen ? "block" : "none" }}
        >
          {adminLabLinks.map((section) => (
            <MenuLink key={section.to} section={section} current={current === section} onFollow={close} />
          ))}
        </List>
      </Box>
    </Box>
  );
}
