import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { lazy, Suspense, useState } from "react";
import { Form, Link, NavLink } from "react-router";
import { mainNavigation } from "../navigation";
import type { ColorSchemeMode } from "#app/utils/color-scheme-mode";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import { OfflineIndicator } from "./offline/offline-indicator";
import { SiteSearchBox } from "./search/site-search-box";

import type { HeaderUser } from "#app/http/header-user";

const loadNavigationDrawer = () => import("./navigation-drawer");
const NavigationDrawer = lazy(() => loadNavigationDrawer().then((module) => ({ default: module.NavigationDrawer })));

interface SiteHeaderProps {
  user: HeaderUser | null;
  colorScheme: ColorSchemeMode;
}

/** App bar with the navigation inline from lg up and in a drawer below (mobile is below lg). */
export function SiteHeader({ user, colorScheme }: SiteHeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer's code (a modal, transitions, focus trap) loads when it is first wanted, not with every page.
  const [drawerRequested, setDrawerRequested] = useState(false);
  const requestDrawer = () => {
    setDrawerRequested(true);
    void loadNavigationDrawer();
  };
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <AppBar position="sticky" color="default" elevation={1} component="header" sx={{ displayPrint: "none" }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label="Open navigation"
          aria-controls={drawerRequested ? "site-navigation-drawer" : undefined}
          aria-expanded={drawerOpen}
          onPointerEnter={requestDrawer}
          onFocus={requestDrawer}
          onClick={() => {
            requestDrawer();
            setDrawerOpen(true);
          }}
          sx={{ display: { lg: "none" } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={Link}
          to="/"
          variant="h6"
          sx={{ color: "text.primary", textDecoration: "none", fontWeight: 700, mr: 2 }}
        >
          Number
          <Box
            component="span"
            sx={(theme) => ({
              color: "#b34700",
              ...theme.applyStyles("dark", { color: theme.vars?.palette.primary.main }),
            })}
          >
            lab
          </Box>
        </Typography>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", lg: "flex" }, gap: 0.5 }}>
          {mainNavigation.map((item) => (
            <Button
              key={item.to}
              component={NavLink}
              to={item.to}
              end={item.end}
              color="inherit"
              sx={{
                whiteSpace: "nowrap",
                px: 1,
                "&.active": { boxShadow: (theme) => `inset 0 -3px 0 ${theme.vars?.palette.primary.main}` },
              }}
            >
              {item.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <SiteSearchBox />
        <OfflineIndicator />
        <Box sx={{ display: { xs: "none", sm: "block" } }}>
          <ColorSchemeSwitch initialMode={colorScheme} />
        </Box>
        <AccountActions user={user} />
      </Toolbar>
      {drawerRequested && (
        <Suspense fallback={null}>
          <NavigationDrawer open={drawerOpen} onClose={closeDrawer} user={user} colorScheme={colorScheme} />
        </Suspense>
      )}
    </AppBar>
  );
}

function AccountActions({ user }: { user: HeaderUser | null }) {
  if (!user) {
    return (
      <Button component={Link} to="/login" variant="contained" color="primary" sx={{ whiteSpace: "nowrap" }}>
        Log in
      </Button>
    );
  }
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
      {user.role === "admin" && (
        <Button component={Link} to="/admin" color="inherit" sx={{ display: { xs: "none", md: "inline-flex" } }}>
          Admin
        </Button>
      )}
      <Button component={Link} to="/profile" color="inherit">
        Profile
      </Button>
      <Box component={Form} method="post" action="/logout" sx={{ display: { xs: "none", sm: "block" } }}>
        <Button type="submit" variant="outlined" color="inherit" sx={{ whiteSpace: "nowrap" }}>
          Log out
        </Button>
      </Box>
    </Box>
  );
}
