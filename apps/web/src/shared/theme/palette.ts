/** Brand colours of design.md, kept in one place so the theme, the logo and the map agree. */
export const palette = {
  primary: '#1f6feb',
  primaryLight: '#58a6ff',
  navy: '#0b1f33',
  heroOcean: '#0b1f33',
  heroLand: '#17324d',
  heroBorder: '#23476b',
  recededOcean: '#f5f8fb',
  recededLand: '#e6ecf2',
  recededBorder: '#d5dee8',
  surface: '#ffffff',
  textOnNavy: '#ffffff',
  mutedOnNavy: 'rgba(255, 255, 255, 0.62)',
} as const;

/** The system UI stack: nothing to download. */
export const systemFontStack =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/** Fixed layout sizes of design.md and spec "Business constants and limits". */
export const layoutSizes = {
  headerHeight: 56,
  siderWidth: 208,
  siderCollapsedWidth: 72,
  rightSidebarWidth: 280,
  drawerWidth: 600,
} as const;
