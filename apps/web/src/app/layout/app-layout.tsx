import { Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AppBar, Avatar, Box, Button, IconButton, Link, Stack, Toolbar, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import ExpandMore from '@mui/icons-material/ExpandMore';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import TranslateIcon from '@mui/icons-material/Translate';
import { INTERFACE_LANGUAGES, LANGUAGE_NAMES } from '@jsbn/shared/core';
import { switchLanguage } from './language';
import { useSession } from '../../api/session';
import { mailtoLink, useSiteInfo, whatsappLink } from '../../api/site';
import { LoadingState } from '../../components/page';
import { lazyNamed, useOnceTrue } from '../../components/lazy';
import { FINGER, PAGE_MAX_WIDTH, TAP_PX } from '../../lib/theme';
import { paths } from '../../lib/paths';
import { currentLanguage } from '../../i18n';
import { isGroup, menuFor, profileMenuFor, renderMenu, type MenuGroup, type MenuItemDef, type MenuLink } from './menus';

const navPopups = () => import('./nav-popups');
const NavMenu = lazyNamed(navPopups, 'NavMenu');
const NavDrawer = lazyNamed(navPopups, 'NavDrawer');
const LanguageMenu = lazyNamed(navPopups, 'LanguageMenu');

/** The top bar's support links: a finger's size on a phone, where only their icons show (decision 029). */
const SUPPORT_LINK = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 0.5,
  [FINGER]: { minWidth: TAP_PX, minHeight: TAP_PX },
} as const;

function TopBar() {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useSession();
  const site = useSiteInfo();
  const SUPPORT_EMAIL = site.data?.supportEmail;
  const SUPPORT_WHATSAPP = site.data?.supportWhatsapp;
  return (
    <>
      <Box
        component="aside"
        aria-label={t('layout.accountAndSupport')}
        sx={{ bgcolor: 'secondary.main', color: 'common.white', fontSize: 13 }}
      >
        <Stack
          direction="row"
          spacing={2}
          sx={{
            maxWidth: PAGE_MAX_WIDTH,
            mx: 'auto',
            px: 2,
            py: 0.5,
            alignItems: 'center',
            justifyContent: 'space-between',
            minHeight: 28,
            [FINGER]: { py: 0 },
          }}
        >
          <Typography variant="body2" component="span" data-testid="logged-in-as">
            {isLoggedIn && user ? t('layout.loggedInAs', { role: t(`roles.${user.modelType}`) }) : t('layout.welcome')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {SUPPORT_WHATSAPP ? (
              <Link
                href={whatsappLink(SUPPORT_WHATSAPP)}
                color="inherit"
                underline="hover"
                target="_blank"
                rel="noopener"
                aria-label={t('layout.supportWhatsapp')}
                sx={SUPPORT_LINK}
              >
                <WhatsAppIcon fontSize="small" />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  +91 {SUPPORT_WHATSAPP}
                </Box>
              </Link>
            ) : null}
            {SUPPORT_EMAIL ? (
              <Link
                href={mailtoLink(SUPPORT_EMAIL)}
                color="inherit"
                underline="hover"
                aria-label={t('layout.supportEmail')}
                sx={SUPPORT_LINK}
              >
                <MailOutlineIcon fontSize="small" />
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {SUPPORT_EMAIL}
                </Box>
              </Link>
            ) : null}
          </Stack>
        </Stack>
      </Box>
    </>
  );
}

/** Whether a menu entry is the current page's (a group: one of its entries). */
const isActive = (item: MenuItemDef, pathname: string) =>
  isGroup(item) ? item.children.some((child) => pathname.startsWith(child.to)) : pathname === item.to;

function GroupButton({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const location = useLocation();
  const active = isActive(group, location.pathname);
  const wanted = useOnceTrue(Boolean(anchor));
  const menuId = `menu-${group.label}`;
  return (
    <>
      <Button
        color="inherit"
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        // before the app is there, a link to the footer's menu (decision 078)
        href={`#${SITE_MENU_ID}`}
        onClick={(event: MouseEvent<HTMLElement>) => {
          event.preventDefault();
          setAnchor(event.currentTarget);
        }}
        sx={{ fontWeight: active ? 700 : 500, borderBottom: active ? '2px solid' : '2px solid transparent', borderRadius: 0 }}
      >
        {t(`menu.${group.label}`)}
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
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Stack component="nav" aria-label={t('layout.mainMenu')} direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
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
              fontWeight: isActive(item, location.pathname) ? 700 : 500,
              borderBottom: isActive(item, location.pathname) ? '2px solid' : '2px solid transparent',
              borderRadius: 0,
            }}
          >
            {t(`menu.${item.label}`)}
          </Button>
        ),
      )}
    </Stack>
  );
}

/** The id of the footer's menu, which the app bar's 'Open menu' and menu groups lead to before the app is there. */
const SITE_MENU_ID = 'site-menu';

/**
 * The menu as plain links in the footer (`#site-menu`): the app bar's 'Open menu' (and, on a wide
 * screen, each group's button) is a link to it, so a tap before the app has hydrated the page, or
 * without JavaScript, still reaches every page of the menu (decision 078); once the app is there,
 * those buttons open the drawer and the drop-down menus instead. A group's entries follow its name.
 */
function SiteMenuLinks({ items }: { items: MenuItemDef[] }) {
  const { t } = useTranslation();
  const link = (item: MenuLink) => (
    <Link key={item.to} component={RouterLink} to={item.to} color="inherit" sx={FOOTER_LINK}>
      {t(`menu.${item.label}`)}
    </Link>
  );
  return (
    <Stack
      component="nav"
      id={SITE_MENU_ID}
      aria-label={t('layout.siteMenu')}
      direction="row"
      sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 2, mt: 1 }}
    >
      {renderMenu(items, link, (group, links) => (
        <Stack key={group.label} direction="row" sx={{ alignItems: 'center', justifyContent: 'center', columnGap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" component="span" sx={{ opacity: 0.8 }}>
            {t(`menu.${group.label}`)}:
          </Typography>
          {links}
        </Stack>
      ))}
    </Stack>
  );
}

/** A link of the footer: a finger's size (decision 029). */
const FOOTER_LINK = {
  minHeight: TAP_PX,
  minWidth: TAP_PX,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/** The id of the footer's language links, which the app bar's switcher leads to before the app is there. */
const LANGUAGE_LINKS_ID = 'site-languages';

/**
 * The language switcher of the app bar (and of the back office's bar and door): the language in
 * use, named in itself; its menu, `menuId`, offers the three. With `href` (the public layout's
 * `#site-languages`) it is a link to the page's language links, so a tap before the app has
 * hydrated the page, or without JavaScript, still reaches the three languages (decision 066);
 * once the app is there, it opens the menu instead.
 */
export function LanguageButton({ menuId = 'menu-language', href }: { menuId?: string; href?: string }) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const wanted = useOnceTrue(Boolean(anchor));
  const current = currentLanguage(i18n);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={`${t('language.choose')}: ${LANGUAGE_NAMES[current]}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        {...(href ? { href } : {})}
        onClick={(event: MouseEvent<HTMLElement>) => {
          event.preventDefault();
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none', minWidth: 0, whiteSpace: 'nowrap' }}
        lang={current}
      >
        {LANGUAGE_NAMES[current]}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The languages as plain links (`?lang=gu`, decision 066): they work before the app is there and
 * without JavaScript (the server renders the page in the language asked for and keeps the choice);
 * once the app is there, a tap switches at once.
 */
function LanguageLinks() {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  return (
    <Stack
      component="nav"
      id={LANGUAGE_LINKS_ID}
      aria-label={t('language.choose')}
      direction="row"
      sx={{ justifyContent: 'center', flexWrap: 'wrap', columnGap: 2 }}
    >
      {INTERFACE_LANGUAGES.map((language) => (
        <Link
          key={language}
          href={`?lang=${language}`}
          hrefLang={language}
          lang={language}
          color="inherit"
          aria-current={language === current ? 'true' : undefined}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            event.preventDefault();
            void switchLanguage(language);
          }}
          sx={{
            minHeight: TAP_PX,
            minWidth: TAP_PX,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: language === current ? 700 : 400,
          }}
        >
          {LANGUAGE_NAMES[language]}
        </Link>
      ))}
    </Stack>
  );
}

function ProfileMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const wanted = useOnceTrue(Boolean(anchor));
  if (!user) return null;
  const initial = (user.name || user.email || '?').trim().charAt(0).toUpperCase();
  return (
    <>
      <IconButton aria-label={t('layout.profile')} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} sx={{ p: 0.5 }}>
        {/* Avatar shows the initial when there is no logo or it fails to load. */}
        <Avatar
          src={user.logoUrl ?? undefined}
          alt={user.name}
          data-testid="profile-avatar"
          sx={{ width: 36, height: 36, bgcolor: 'common.white', color: 'primary.main', fontWeight: 700 }}
        >
          {initial}
        </Avatar>
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <NavMenu anchor={anchor} onClose={() => setAnchor(null)} links={profileMenuFor(user.modelType)} heading={user.name} alignRight />
        </Suspense>
      ) : null}
    </>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  // below 1200 px the publisher's and the library's menus would wrap: the drawer serves them
  const narrow = useMediaQuery(theme.breakpoints.down('xl'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerWanted = useOnceTrue(drawerOpen);
  const { isLoggedIn, user } = useSession();
  const items = menuFor(isLoggedIn && user ? user.modelType : null);
  const close = () => setDrawerOpen(false);
  const year = new Date().getFullYear();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <>
        <AppBar position="sticky" color="primary">
          <Toolbar sx={{ maxWidth: PAGE_MAX_WIDTH, width: '100%', mx: 'auto', gap: 1 }}>
            {/* which of the two shows is CSS's choice, so a server-made page is right at every width */}
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('layout.openMenu')}
              // before the app is there, a link to the footer's menu (decision 078)
              href={`#${SITE_MENU_ID}`}
              onClick={(event: MouseEvent<HTMLElement>) => {
                event.preventDefault();
                setDrawerOpen(true);
              }}
              sx={{ display: { xl: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Typography
              component={RouterLink}
              to={paths.home}
              variant="h6"
              sx={{
                color: 'inherit',
                textDecoration: 'none',
                fontWeight: 800,
                letterSpacing: 1,
                mr: 2,
                [FINGER]: { display: 'inline-flex', alignItems: 'center', minHeight: TAP_PX },
              }}
            >
              JSBN
            </Typography>
            <Box sx={{ display: { xs: 'none', xl: 'block' } }}>
              <DesktopNav items={items} />
            </Box>
            <Box sx={{ flexGrow: 1 }} />
            <LanguageButton href={`#${LANGUAGE_LINKS_ID}`} />
            {isLoggedIn ? <ProfileMenu /> : null}
          </Toolbar>
        </AppBar>
      </>
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
      <>
        <Box component="footer" sx={{ bgcolor: 'secondary.main', color: 'common.white', py: 2, px: 2, textAlign: 'center' }}>
          <Typography variant="body2">{t('layout.footer', { year })}</Typography>
          <SiteMenuLinks items={items} />
          <LanguageLinks />
        </Box>
      </>
    </Box>
  );
}
