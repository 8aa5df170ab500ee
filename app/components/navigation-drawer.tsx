import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Drawer from "@mui/material/Drawer";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { Form, Link, NavLink } from "react-router";
import { mainNavigation } from "../navigation";
import type { ColorSchemeMode } from "#app/utils/color-scheme-mode";
import { ColorSchemeSwitch } from "./color-scheme-switch";
import type { HeaderUser } from "#app/http/header-user";

interface NavigationDrawerProps {
  open: boolean;
  onClose: () => void;
  user: HeaderUser | null;
  colorScheme: ColorSchemeMode;
}

/** The navigation below lg: main links, account actions and the theme switch. */
export function NavigationDrawer({ open, onClose, user, colorScheme }: NavigationDrawerProps) {
  return (
    <Drawer id="site-navigation-drawer" open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 280 }}>
        <Typography variant="h6" sx={{ px: 2, py: 1.5, fontWeight: 700 }}>
          Numberlab
        </Typography>
        <Divider />
        <List>
          {mainNavigation.map((item) => (
            <ListItemButton key={item.to} component={NavLink} to={item.to} end={item.end} onClick={onClose}>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
        </List>
        <Divider />
        <List aria-label="Account">
          {user ? (
            <>
              <ListItemButton component={Link} to="/profile" onClick={onClose}>
                <ListItemText primary="Profile" />
              </ListItemButton>
              {user.role === "admin" && (
                <ListItemButton component={Link} to="/admin" onClick={onClose}>
                  <ListItemText primary="Admin" />
                </ListItemButton>
              )}
              <Form method="post" action="/logout" onSubmit={onClose}>
                <ListItemButton component="button" type="submit" sx={{ width: "100%" }}>
                  <ListItemText primary="Log out" />
                </ListItemButton>
              </Form>
            </>
          ) : (
            <ListItemButton component={Link} to="/login" onClick={onClose}>
              <ListItemText primary="Log in" />
            </ListItemButton>
          )}
        </List>
        <Divider />
        <Box sx={{ p: 2 }}>
          <ColorSchemeSwitch initialMode={colorScheme} />
        </Box>
      </Box>
    </Drawer>
  );
}
