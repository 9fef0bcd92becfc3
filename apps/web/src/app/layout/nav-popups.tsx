import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Collapse, Divider, Drawer, List, ListItemButton, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandLess from '@mui/icons-material/ExpandLess';
import { isGroup, type MenuGroup, type MenuItemDef } from './menus';

/**
 * The app bar's pop-ups — the drawer of narrow screens and the drop-down menus — in their own
 * chunk, loaded when one is first opened, so a public page's first load does not carry MUI's
 * modal, popover and transition code (issue 10).
 */

/** A drop-down menu of links under `anchor` (a group of the main menu, or the profile menu with its heading). */
export function NavMenu({ id, anchor, onClose, links, heading, alignRight = false }: { id?: string; anchor: HTMLElement | null; onClose: () => void; links: { to: string; label: string }[]; heading?: string; alignRight?: boolean }) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      {...(alignRight ? { anchorOrigin: { vertical: 'bottom', horizontal: 'right' }, transformOrigin: { vertical: 'top', horizontal: 'right' } } as const : {})}
    >
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
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}

function DrawerGroup({ group, onNavigate }: { group: MenuGroup; onNavigate: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <ListItemButton onClick={() => setOpen((value) => !value)} aria-expanded={open}>
        <ListItemText primary={group.label} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open}>
        <List disablePadding>
          {group.children.map((child) => (
            <ListItemButton key={child.to} component={RouterLink} to={child.to} onClick={onNavigate} sx={{ pl: 4 }}>
              <ListItemText primary={child.label} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The main menu as a drawer (screens below 1200 px). */
export function NavDrawer({ open, onClose, items }: { open: boolean; onClose: () => void; items: MenuItemDef[] }) {
  const close = onClose;
  return (
    <Drawer open={open} onClose={close}>
      <Box sx={{ width: 280 }} role="presentation">
        <Typography variant="h6" sx={{ p: 2, fontWeight: 800, color: 'primary.main' }}>
          JSBN
        </Typography>
        <Divider />
        <List component="nav" aria-label="Main">
          {items.map((item) =>
            isGroup(item) ? (
              <DrawerGroup key={item.label} group={item} onNavigate={close} />
            ) : (
              <ListItemButton key={item.to} component={RouterLink} to={item.to} onClick={close}>
                <ListItemText primary={item.label} />
              </ListItemButton>
            ),
          )}
        </List>
      </Box>
    </Drawer>
  );
}
