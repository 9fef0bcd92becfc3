import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { AppBar, Avatar, Box, Button, IconButton, Link, Stack, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMore from '@mui/icons-material/ExpandMore';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { useSession } from '../../api/session';
import { mailtoLink, useSiteInfo, whatsappLink } from '../../api/site';
import { LoadingState } from '../../components/page';
import { lazyNamed, useOnceTrue } from '../../components/lazy';
import { PAGE_MAX_WIDTH } from '../theme';
import { paths } from '../paths';
import { PROFILE_MENU, ROLE_LABEL, isGroup, menuFor, type MenuGroup, type MenuItemDef } from './menus';

const navPopups = () => import('./nav-popups');
const NavMenu = lazyNamed(navPopups, 'NavMenu');
const NavDrawer = lazyNamed(navPopups, 'NavDrawer');

function TopBar() {
  const { isLoggedIn, user } = useSession();
  const site = useSiteInfo();
  const SUPPORT_EMAIL = site.data?.supportEmail;
  const SUPPORT_WHATSAPP = site.data?.supportWhatsapp;
  return (
    <Box component="aside" aria-label="Account and support" sx={{ bgcolor: 'secondary.main', color: 'common.white', fontSize: 13 }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ maxWidth: PAGE_MAX_WIDTH, mx: 'auto', px: 2, py: 0.5, alignItems: 'center', justifyContent: 'space-between', minHeight: 28 }}
      >
        <Typography variant="body2" component="span" data-testid="logged-in-as">
          {isLoggedIn && user ? `Logged in as ${ROLE_LABEL[user.modelType]}` : 'Welcome to JSBN'}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {SUPPORT_WHATSAPP ? (
            <Link href={whatsappLink(SUPPORT_WHATSAPP)} color="inherit" underline="hover" target="_blank" rel="noopener" aria-label="Support on WhatsApp" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <WhatsAppIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                +91 {SUPPORT_WHATSAPP}
              </Box>
            </Link>
          ) : null}
          {SUPPORT_EMAIL ? (
            <Link href={mailtoLink(SUPPORT_EMAIL)} color="inherit" underline="hover" aria-label="Support e-mail" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <MailOutlineIcon fontSize="small" />
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {SUPPORT_EMAIL}
              </Box>
            </Link>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}

function GroupButton({ group }: { group: MenuGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const location = useLocation();
  const active = group.children.some((child) => location.pathname.startsWith(child.to));
  const wanted = useOnceTrue(Boolean(anchor));
  const menuId = `menu-${group.label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ fontWeight: active ? 700 : 500, borderBottom: active ? '2px solid' : '2px solid transparent', borderRadius: 0 }}
      >
        {group.label}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} links={group.children} />
        </Suspense>
      ) : null}
    </>
  );
}

function DesktopNav({ items }: { items: MenuItemDef[] }) {
  const location = useLocation();
  return (
    <Stack component="nav" aria-label="Main" direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {items.map((item) =>
        isGroup(item) ? (
          <GroupButton key={item.label} group={item} />
        ) : (
          <Button
            key={item.to}
            color="inherit"
            component={RouterLink}
            to={item.to}
            sx={{
              fontWeight: location.pathname === item.to ? 700 : 500,
              borderBottom: location.pathname === item.to ? '2px solid' : '2px solid transparent',
              borderRadius: 0,
            }}
          >
            {item.label}
          </Button>
        ),
      )}
    </Stack>
  );
}

function ProfileMenu() {
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const wanted = useOnceTrue(Boolean(anchor));
  if (!user) return null;
  const initial = (user.name || user.email || '?').trim().charAt(0).toUpperCase();
  return (
    <>
      <IconButton aria-label="Profile" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} sx={{ p: 0.5 }}>
        {/* Avatar shows the initial when there is no logo or it fails to load. */}
        <Avatar src={user.logoUrl ?? undefined} alt={user.name} data-testid="profile-avatar" sx={{ width: 36, height: 36, bgcolor: 'common.white', color: 'primary.main', fontWeight: 700 }}>
          {initial}
        </Avatar>
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <NavMenu anchor={anchor} onClose={() => setAnchor(null)} links={PROFILE_MENU} heading={user.name} alignRight />
        </Suspense>
      ) : null}
    </>
  );
}

export function AppLayout() {
  const theme = useTheme();
  // below 1200 px the publisher's and the library's menus would wrap: the drawer serves them
  const narrow = useMediaQuery(theme.breakpoints.down('xl'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerWanted = useOnceTrue(drawerOpen);
  const { isLoggedIn, user } = useSession();
  const items = menuFor(isLoggedIn && user ? user.modelType : null);
  const close = () => setDrawerOpen(false);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ maxWidth: PAGE_MAX_WIDTH, width: '100%', mx: 'auto', gap: 1 }}>
          {/* which of the two shows is CSS's choice, so a server-made page is right at every width */}
          <IconButton color="inherit" edge="start" aria-label="Open menu" onClick={() => setDrawerOpen(true)} sx={{ display: { xl: 'none' } }}>
            <MenuIcon />
          </IconButton>
          <Typography
            component={RouterLink}
            to={paths.home}
            variant="h6"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 800, letterSpacing: 1, mr: 2 }}
          >
            JSBN
          </Typography>
          <Box sx={{ display: { xs: 'none', xl: 'block' } }}>
            <DesktopNav items={items} />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {isLoggedIn ? <ProfileMenu /> : null}
        </Toolbar>
      </AppBar>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer open={narrow && drawerOpen} onClose={close} items={items} />
        </Suspense>
      ) : null}
      <Box component="main" sx={{ flexGrow: 1, width: '100%', maxWidth: PAGE_MAX_WIDTH, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: 3 }}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'common.white', py: 2, px: 2, textAlign: 'center' }}>
        <Typography variant="body2">© {new Date().getFullYear()} JSBN — Jain Standard Book Number. Registration of a book is free.</Typography>
      </Box>
    </Box>
  );
}
