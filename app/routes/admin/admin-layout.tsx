import Box from "@mui/material/Box";
import { Outlet, useLocation } from "react-router";
import { AdminMenu } from "#app/components/admin-menu";

/** Layout route of every admin page and admin lab: the admin menu beside (or above) the page. */
export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "13rem minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <AdminMenu pathname={pathname} />
      <Box sx={{ minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
