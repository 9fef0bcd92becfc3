import type { ModelType } from '@jsbn/shared';
import { paths } from '../paths';

export interface MenuLink {
  label: string;
  to: string;
}
export interface MenuGroup {
  label: string;
  children: MenuLink[];
}
export type MenuItemDef = MenuLink | MenuGroup;

export const isGroup = (item: MenuItemDef): item is MenuGroup => 'children' in item;

/** Menus by role — spec accounts §2. */
export const VISITOR_MENU: MenuItemDef[] = [
  { label: 'Home', to: paths.home },
  { label: 'Global Books Store', to: paths.searchBook },
  { label: 'Publishers', to: paths.publishers },
  { label: 'Libraries', to: paths.libraries },
  { label: 'About', to: paths.about },
  { label: 'Gallery', to: paths.gallery },
  { label: 'FAQs', to: paths.faq },
  {
    label: 'Register',
    children: [
      { label: 'Library', to: paths.libraryRegister },
      { label: 'Publisher', to: paths.publisherRegister },
    ],
  },
  { label: 'Login', to: paths.login },
  { label: 'Contact Us', to: paths.contactUs },
];

export const LIBRARY_MENU: MenuItemDef[] = [
  { label: 'Home', to: paths.home },
  {
    label: 'Books',
    children: [
      { label: 'Publisher Wise Books', to: paths.publisherWiseBooks },
      { label: 'Recently Published', to: paths.newPublishedBooks },
    ],
  },
  {
    label: 'My orders',
    children: [
      { label: 'Customize Letter Format', to: paths.customizeLetterFormat },
      { label: 'Track orders', to: paths.orders },
      { label: 'Completed Orders', to: paths.generatedLetters },
    ],
  },
];

export const PUBLISHER_MENU: MenuItemDef[] = [
  { label: 'Home', to: paths.home },
  { label: 'List of Libraries', to: paths.listOfLibraries },
  { label: 'Received Orders', to: paths.bookedOrders },
  { label: 'My Books', to: paths.myBooks },
  { label: 'Global Books Store', to: paths.searchBook },
  { label: 'Request JSBN Number', to: paths.newBookReg },
];

export const PROFILE_MENU: MenuLink[] = [
  { label: 'Edit Profile', to: paths.editProfile },
  { label: 'Change Password', to: paths.changePassword },
  { label: 'Logout', to: paths.logout },
];

export function menuFor(role: ModelType | null): MenuItemDef[] {
  if (role === 'LIBRARY') return LIBRARY_MENU;
  if (role === 'PUBLISHER') return PUBLISHER_MENU;
  return VISITOR_MENU;
}

export const ROLE_LABEL: Record<ModelType, string> = { LIBRARY: 'Library', PUBLISHER: 'Publisher' };
