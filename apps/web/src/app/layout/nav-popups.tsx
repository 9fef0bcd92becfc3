import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  Box,
  Collapse,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandLess from '@mui/icons-material/ExpandLess';
import CheckIcon from '@mui/icons-material/Check';
import { toastError } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { LANGUAGE_CHOICES, switchLanguage } from './language';
import { renderMenu, type MenuGroup, type MenuItemDef, type MenuLink } from './menus';

/**
 * The app bar's pop-ups — the drawer of narrow screens and the drop-down menus — in their own
 * chunk, loaded when one is first opened, so a public page's first load does not carry MUI's
 * modal, popover and transition code.
 */

/** A menu opening below its button's right edge. */
const ALIGN_RIGHT = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/** A drop-down menu of links under `anchor` (a group of the main menu, or the profile menu with its heading). */
export function NavMenu({
  id,
  anchor,
  onClose,
  links,
  heading,
  alignRight = false,
}: {
  id?: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  links: MenuLink[];
  heading?: string;
  alignRight?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} {...(alignRight ? ALIGN_RIGHT : {})}>
      {heading ? (
        <MenuItem disabled sx={{ opacity: '1 !important' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {heading}
          </Typography>
        </MenuItem>
      ) : null}
      {heading ? <Divider /> : null}
      {links.map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          {t(`menu.${link.label}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** The language switcher's menu under `anchor`: English, ગુજરાતી, हिन्दी, the one in use ticked. */
export function LanguageMenu({ id, anchor, onClose }: { id: string; anchor: HTMLElement | null; onClose: () => void }) {
  const { i18n } = useTranslation();
  const current = currentLanguage(i18n);
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose} {...ALIGN_RIGHT}>
      {LANGUAGE_CHOICES.map((language) => (
        <MenuItem
          key={language.code}
          lang={language.code}
          selected={language.code === current}
          // a choice of one among three
          role="menuitemradio"
          aria-checked={language.code === current}
          onClick={() => {
            onClose();
            switchLanguage(language.code).catch(toastError);
          }}
        >
          <Box component="span" sx={{ width: 28, display: 'inline-flex' }}>
            {language.code === current ? <CheckIcon fontSize="small" /> : null}
          </Box>
          {language.name}
        </MenuItem>
      ))}
    </Menu>
  );
}

/** A group of the drawer, open at first: its name, a tap on which folds `links` (its entries) away and back. */
function DrawerGroup({ group, links }: { group: MenuGroup; links: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  return (
    <>
      <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open}>
        <ListItemText primary={t(`menu.${group.label}`)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open}>
        <List disablePadding>{links}</List>
      </Collapse>
    </>
  );
}

/** The main menu as a drawer (screens below 1200 px). */
export function NavDrawer({ open, onClose, items }: { open: boolean; onClose: () => void; items: MenuItemDef[] }) {
  const { t, i18n } = useTranslation();
  const current = currentLanguage(i18n);
  const close = onClose;
  return (
    <Drawer open={open} onClose={close}>
      <Box sx={{ width: 280 }} role="presentation">
        <Typography variant="h6" sx={{ p: 2, fontWeight: 800, color: 'primary.main' }}>
          JSBN
        </Typography>
        <Divider />
        <List component="nav" aria-label={t('layout.mainMenu')}>
          {renderMenu(
            items,
            (link, inGroup) => (
              <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={close} sx={inGroup ? { pl: 4 } : undefined}>
                <ListItemText primary={t(`menu.${link.label}`)} />
              </ListItemButton>
            ),
            (group, links) => (
              <DrawerGroup key={group.label} group={group} links={links} />
            ),
          )}
        </List>
        <Divider />
        <List aria-labelledby="drawer-language" subheader={<ListSubheader id="drawer-language">{t('language.label')}</ListSubheader>}>
          {LANGUAGE_CHOICES.map((language) => (
            <ListItemButton
              key={language.code}
              lang={language.code}
              selected={language.code === current}
              aria-current={language.code === current ? 'true' : undefined}
              onClick={() => {
                close();
                switchLanguage(language.code).catch(toastError);
              }}
            >
              <ListItemText primary={language.name} />
              {language.code === current ? <CheckIcon fontSize="small" /> : null}
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
