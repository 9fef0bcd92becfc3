import type { AccountRole } from '@jsbn/shared';
import type { ENGLISH } from '../../i18n/resources';
import { paths } from '../../lib/paths';

/** A menu entry's text: its key under `menu` of the `common` catalogue (`t(\`menu.${label}\`)`). */
export type MenuLabel = keyof typeof ENGLISH.common.menu;

export interface MenuLink {
  label: MenuLabel;
  to: string;
}
export interface MenuGroup {
  label: MenuLabel;
  children: MenuLink[];
}
export type MenuItemDef = MenuLink | MenuGroup;

export const isGroup = (item: MenuItemDef): item is MenuGroup => 'children' in item;

/**
 * `items` rendered one by one — the footer's menu and the drawer render the same list this way: a
 * link by `link` (`inGroup` false), a group by `group`, given its entries already rendered by
 * `link` (`inGroup` true).
 */
export function renderMenu<T>(
  items: MenuItemDef[],
  link: (item: MenuLink, inGroup: boolean) => T,
  group: (item: MenuGroup, links: T[]) => T,
): T[] {
  return items.map((item) =>
    isGroup(item)
      ? group(
          item,
          item.children.map((child) => link(child, true)),
        )
      : link(item, false),
  );
}

/** Menus by role — apps/web/src/lib/paths.ts. */
export const VISITOR_MENU: MenuItemDef[] = [
  { label: 'home', to: paths.home },
  { label: 'globalBooksStore', to: paths.searchBook },
  { label: 'publishers', to: paths.publishers },
  { label: 'libraries', to: paths.libraries },
  { label: 'about', to: paths.about },
  { label: 'gallery', to: paths.gallery },
  { label: 'faqs', to: paths.faq },
  {
    label: 'register',
    children: [
      { label: 'registerLibrary', to: paths.libraryRegister },
      { label: 'registerPublisher', to: paths.publisherRegister },
    ],
  },
  { label: 'login', to: paths.login },
  { label: 'contactUs', to: paths.contactUs },
];

export const LIBRARY_MENU: MenuItemDef[] = [
  { label: 'home', to: paths.home },
  {
    label: 'books',
    children: [
      { label: 'publisherWiseBooks', to: paths.publisherWiseBooks },
      { label: 'recentlyPublished', to: paths.newPublishedBooks },
      { label: 'myInterests', to: paths.interests },
    ],
  },
  {
    label: 'myOrders',
    children: [
      { label: 'customizeLetterFormat', to: paths.customizeLetterFormat },
      { label: 'trackOrders', to: paths.orders },
      { label: 'completedOrders', to: paths.generatedLetters },
    ],
  },
  { label: 'ourShelves', to: paths.shelves },
  { label: 'lendingDesk', to: paths.lending },
];

export const PUBLISHER_MENU: MenuItemDef[] = [
  { label: 'home', to: paths.home },
  { label: 'listOfLibraries', to: paths.listOfLibraries },
  { label: 'receivedOrders', to: paths.bookedOrders },
  { label: 'myBooks', to: paths.myBooks },
  { label: 'interestReach', to: paths.interestReach },
  { label: 'globalBooksStore', to: paths.searchBook },
  { label: 'registerBook', to: paths.newBookReg },
];

export const PROFILE_MENU: MenuLink[] = [
  { label: 'editProfile', to: paths.editProfile },
  { label: 'changePassword', to: paths.changePassword },
  { label: 'logout', to: paths.logout },
];

/** An operator on the public site: its pages, and the way back to the back office (decision 041). */
export const OPERATOR_MENU: MenuItemDef[] = [
  { label: 'home', to: paths.home },
  { label: 'globalBooksStore', to: paths.searchBook },
  { label: 'publishers', to: paths.publishers },
  { label: 'libraries', to: paths.libraries },
  { label: 'backOffice', to: '/operator' },
];

export function menuFor(role: AccountRole | null): MenuItemDef[] {
  if (role === 'LIBRARY') return LIBRARY_MENU;
  if (role === 'PUBLISHER') return PUBLISHER_MENU;
  if (role === 'OPERATOR') return OPERATOR_MENU;
  return VISITOR_MENU;
}

/** The profile menu of `role`: an operator has no profile to edit. */
export const profileMenuFor = (role: AccountRole): MenuLink[] =>
  role === 'OPERATOR' ? PROFILE_MENU.filter((link) => link.label !== 'editProfile') : PROFILE_MENU;
